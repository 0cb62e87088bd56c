import { join } from 'node:path';
import {
  loadPackCases,
  loadPackVariant,
  loadSampleTranscripts,
  loadVariant,
  ModelCalls,
  type SampleFallbackAgent,
  withSampleFallback,
} from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { runRecorded } from '../memory/recorded-run.ts';
import { givenFlags, runConfig, withStoredFlags } from '../memory/run-config.ts';
import { findRunToResume, startSession } from '../memory/session.ts';
import { resolveStorePath } from '../memory/store-path.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun } from '../output/finish-run.ts';
import { judgeLine, printHeader } from '../output/run-header.ts';
import { loadDomain } from '../packs/discover.ts';
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
  const options = resume
    ? parseEvalOptions(withStoredFlags(raw, resume.config.flags as Record<string, unknown>))
    : first;
  const pack = await loadDomain(options.domain ?? '');
  const variant = options.prompt
    ? await loadVariant(options.prompt)
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const cases = await loadPackCases(pack, options.testCase);

  // Backends load lazily: --list, usage errors and bad case files never pay for the model clients.
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(options.ollamaHost);
  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const timeoutMs = options.timeout * 1000;
  // The server check waits for the first call the cache cannot answer: a cached re-run needs no server.
  const calls = new ModelCalls(store.callCache(), cacheMode(options), () =>
    models.preflightOllama(host, judgeModel ? [options.model, judgeModel] : [options.model]),
  );
  const ollamaAgent = models.createOllamaAgent({ host, model: options.model, timeoutMs, calls });
  const agent = options.offline
    ? withSampleFallback(ollamaAgent, pack, await loadSampleTranscripts(pack, cases))
    : ollamaAgent;
  const judge = judgeModel ? models.createOllamaJudge({ host, model: judgeModel, timeoutMs, calls }) : undefined;

  const agentRef = { backend: agent.backend, model: agent.model };
  const judgeRef = judge && { backend: judge.backend, model: judge.model };
  const flags = resume ? (resume.config.flags as Record<string, unknown>) : givenFlags(raw);
  const config = runConfig({ pack, variant, cases, options, agent: agentRef, judge: judgeRef, flags });
  const session = startSession({
    store,
    resume,
    total: cases.length * options.repeat,
    costOf: () => 0, // a local model costs nothing
    meta: {
      kind: 'eval',
      pack: pack.name,
      variant: variant.name,
      promptHash: config.promptHash,
      agent: agentRef,
      ...(judgeRef && { judge: judgeRef }),
      epochs: options.repeat,
      offline: options.offline,
      config,
    },
  });

  const output = consoleOutput(options, io);
  printHeader(output, {
    pack: pack.name,
    variant: variant.name,
    cases: cases.length,
    epochs: options.repeat,
    agent: options.offline
      ? `ollama ${options.model} · offline: call cache, then the samples in ${shortPath(join(pack.root, 'fixtures'))}`
      : `ollama ${options.model} @ ${host}`,
    judge: judgeLine(judgeModel, options.offline),
    sameModel: judgeModel === options.model,
    runId: session.run.id,
    runNote: resume && `resumed with ${session.completed.length} of ${cases.length * options.repeat} results saved`,
    storePath: shortPath(store.path),
  });

  const work = { pack, variant, cases, agent, judge, maxTurns: options.maxTurns, epochs: options.repeat };
  const run = await runRecorded(session, output, options, work);
  const samplesUsed = options.offline ? (agent as SampleFallbackAgent).samplesUsed() : undefined;
  return finishRun({ run, runId: session.run.id, storePath: store.path, options, output, io, calls, samplesUsed });
}
