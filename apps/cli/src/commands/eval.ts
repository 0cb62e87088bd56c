import { join } from 'node:path';
import {
  createPackAgent,
  loadPackCases,
  loadPackVariant,
  loadSampleTranscripts,
  loadVariant,
  type SampleFallbackAgent,
  uncachedAgent,
  withSampleFallback,
} from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { runRecorded } from '../memory/recorded-run.ts';
import { givenFlags, runConfig, withStoredFlags } from '../memory/run-config.ts';
import { findRunToResume, startSession } from '../memory/session.ts';
import { resolveStorePath } from '../memory/store-path.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun, repeatsLabel } from '../output/finish-run.ts';
import { judgeLine, printHeader } from '../output/run-header.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { userPath } from '../user-path.ts';
import { connectBackends } from './backends.ts';
import { cacheMode, type EvalOptions, parseEvalOptions } from './eval-options.ts';
import { rejudgeCommand } from './rejudge.ts';

export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
}

/** Runs one pack and prints it; resolves to the exit code (0 all passed, 1 failures). */
export async function evalCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const first = parseEvalOptions(raw);
  const store = EvalStore.open(resolveStorePath(first.store));
  try {
    if (first.rejudge) return await rejudgeCommand(first, store, io);
    return await evaluate(first, raw, store, io);
  } finally {
    store.close();
  }
}

async function evaluate(first: EvalOptions, raw: Record<string, unknown>, store: EvalStore, io: CommandIo) {
  const resume = first.resume ? findRunToResume(store, first.resume, first.domain) : undefined;
  const flags = resume ? (resume.config.flags as Record<string, unknown>) : givenFlags(raw);
  const options = resume ? parseEvalOptions(withStoredFlags(raw, flags)) : first;
  const pack = await loadEvalPack(options);
  const variant = options.prompt
    ? await loadVariant(userPath(options.prompt))
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const cases = await loadPackCases(
    pack,
    options.testCase?.map((file) => userPath(file)),
  );

  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const ownAgent = pack.agent && createPackAgent(pack.agent, { timeoutMs: options.timeout * 1000 });
  const backends = await connectBackends({
    ollamaHost: options.ollamaHost,
    // A pack that brings its own agent needs Ollama for the judge only, and not at all without one.
    agentModels: ownAgent ? [] : [options.model],
    judgeModel,
    timeout: options.timeout,
    cache: { store: store.callCache(), mode: cacheMode(options) },
  });
  const live = ownAgent || backends.agent(options.model);
  // Offline, a pack's own agent is never called: the cache cannot hold its calls, so its samples answer.
  const agent = options.offline
    ? withSampleFallback(ownAgent ? uncachedAgent(ownAgent) : live, pack, await loadSampleTranscripts(pack, cases))
    : live;
  const { judge, calls } = backends;

  const agentRef = { backend: agent.backend, model: agent.model };
  const judgeRef = judge && { backend: judge.backend, model: judge.model };
  const config = runConfig({ pack, variant, cases, options, agent: agentRef, judge: judgeRef, flags });
  const epochs = options.repeat;
  const session = startSession({
    store,
    resume,
    total: cases.length * epochs,
    costOf: () => 0, // a local model costs nothing
    meta: {
      kind: 'eval',
      pack: pack.name,
      variant: variant.name,
      promptHash: config.promptHash,
      agent: agentRef,
      ...(judgeRef && { judge: judgeRef }),
      epochs,
      offline: options.offline,
      config,
    },
  });

  const output = consoleOutput(options, io, epochs);
  const agentName = ownAgent ? `${ownAgent.backend} ${ownAgent.model} (the pack's own)` : `ollama ${options.model}`;
  printHeader(output, {
    pack: pack.name,
    variant: variant.name,
    cases: cases.length,
    repeats: repeatsLabel(options, pack, epochs),
    agent: options.offline
      ? `${agentName} · offline: call cache, then the samples in ${shortPath(join(pack.root, 'fixtures'))}`
      : ownAgent
        ? agentName
        : `${agentName} @ ${backends.host}`,
    judge: judgeLine(judgeModel, options.offline, options.judgeStyle),
    sameModel: !ownAgent && judgeModel === options.model,
    runId: session.run.id,
    runNote: resume && `resumed with ${session.completed.length} of ${cases.length * epochs} results saved`,
    storePath: shortPath(store.path),
  });

  const work = { pack, variant, cases, agent, judge, maxTurns: options.maxTurns, epochs };
  const run = await runRecorded(session, output, options, work);
  const samplesUsed = options.offline ? (agent as SampleFallbackAgent).samplesUsed() : undefined;
  const finish = { run, pack, epochs, runId: session.run.id, storePath: store.path, calls, samplesUsed };
  return finishRun({ ...finish, options, output, io });
}
