import { join } from 'node:path';
import {
  casesInShard,
  costOf,
  describeShard,
  loadPackCases,
  loadPackVariant,
  loadSampleTranscripts,
  loadVariant,
  type ModelRef,
  type PriceLookup,
  uncachedAgent,
  withSampleFallback,
} from '@evalpacks/core';
import type { CostOf } from '@evalpacks/store';
import { EvalStore } from '@evalpacks/store';
import { connectBackends } from '../backends/connect.ts';
import { roleLines } from '../backends/header.ts';
import { packOwnAgent } from '../backends/own-agent.ts';
import { resolveRoles } from '../backends/roles.ts';
import { Budget } from '../cost/budget.ts';
import { loadPrices } from '../cost/prices.ts';
import { spentSoFar } from '../cost/spent-so-far.ts';
import { runRecorded } from '../memory/recorded-run.ts';
import { givenFlags, runConfig, withStoredFlags } from '../memory/run-config.ts';
import { promptOtherThanSamples } from '../memory/sample-prompt.ts';
import { findRunToResume, startSession } from '../memory/session.ts';
import { resolveStorePath } from '../memory/store-path.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun, repeatsLabel } from '../output/finish-run.ts';
import { printHeader } from '../output/run-header.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { userPath } from '../user-path.ts';
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

/** What the store records as each role's cost: list price of the tokens, unknown without a price. */
export function storedCost(priceOf: PriceLookup, agent: ModelRef, judge: ModelRef | undefined): CostOf {
  return (role, usage) => {
    const ref = role === 'agent' ? agent : judge;
    const price = ref && priceOf(ref);
    return price ? costOf(usage, price) : undefined;
  };
}

async function evaluate(first: EvalOptions, raw: Record<string, unknown>, store: EvalStore, io: CommandIo) {
  const resume = first.resume ? findRunToResume(store, first.resume, first.domain) : undefined;
  const flags = resume ? (resume.config.flags as Record<string, unknown>) : givenFlags(raw);
  const options = resume ? parseEvalOptions(withStoredFlags(raw, flags)) : first;
  const pack = await loadEvalPack(options);
  const variant = options.prompt
    ? await loadVariant(userPath(options.prompt))
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const allCases = await loadPackCases(
    pack,
    options.testCase?.map((file) => userPath(file)),
  );
  const cases = options.shard ? casesInShard(allCases, options.shard) : allCases;

  const roles = resolveRoles(options);
  const ownAgent = packOwnAgent(pack, options.timeout);
  const prices = await loadPrices();
  // Checked before connecting, so a model without a price costs nothing to find out about.
  const budget =
    options.maxCost === undefined
      ? undefined
      : new Budget(options.maxCost, { ...roles, agent: ownAgent || roles.agent, ...prices }, io.write);
  const backends = await connectBackends({
    // A pack that brings its own agent needs a backend for the judge only, and none without one.
    agents: ownAgent ? [] : [roles.agent],
    ...(roles.judge && { judge: roles.judge }),
    options,
    timeout: options.timeout,
    cache: { store: store.callCache(), mode: cacheMode(options) },
    agentTools: pack.tools !== undefined,
  });
  const live = ownAgent || backends.agent(roles.agent);
  // Offline a pack's own agent is never called: the cache cannot hold its calls, so its samples answer.
  const sampler = options.offline
    ? withSampleFallback(
        ownAgent ? uncachedAgent(ownAgent) : live,
        pack,
        await loadSampleTranscripts(pack, cases),
        await promptOtherThanSamples(pack, variant),
      )
    : undefined;
  const ports = { agent: sampler ?? live, judge: backends.judge };
  const { agent, judge } = budget ? budget.meter(ports) : ports;

  const agentRef = { backend: agent.backend, model: agent.model };
  const judgeRef = judge && { backend: judge.backend, model: judge.model };
  // The configuration names every case, so the shards of one run agree on it and merge restores the order.
  const config = runConfig({ pack, variant, cases: allCases, options, agent: agentRef, judge: judgeRef, flags });
  const epochs = options.repeat;
  const stored = storedCost(prices.priceOf, agentRef, judgeRef);
  const session = startSession({
    store,
    resume,
    total: cases.length * epochs,
    costOf: stored,
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
      ...(options.shard && { shard: options.shard }),
    },
  });

  budget?.addSpent(spentSoFar(session.completed, stored));

  const output = consoleOutput(options, io, epochs, prices.priceOf);
  const style = options.judgeStyle === 'yes-no' ? ' (yes-no questions)' : '';
  printHeader(output, {
    pack: pack.name,
    variant: variant.name,
    cases: cases.length,
    repeats: repeatsLabel(options, pack, epochs),
    roles: roleLines(roles, backends.where, style, ownAgent || undefined),
    ...(options.offline && { samples: shortPath(join(pack.root, 'fixtures')) }),
    runId: session.run.id,
    runNote: [
      options.shard && `shard ${describeShard(options.shard)} of ${allCases.length} cases`,
      resume && `resumed with ${session.completed.length} of ${cases.length * epochs} results saved`,
    ]
      .filter(Boolean)
      .join(' · '),
    storePath: shortPath(store.path),
  });

  const work = { pack, variant, cases, agent, judge, maxTurns: options.maxTurns, epochs };
  const run = await runRecorded(session, output, options, {
    ...work,
    ...(budget && { shouldStart: budget.shouldStart }),
  });
  const finish = { run, pack, epochs, runId: session.run.id, storePath: store.path, calls: backends.calls };
  return finishRun({ ...finish, options, output, io, samplesUsed: sampler?.samplesUsed() });
}
