import { type Case, replayAgent, type Variant } from '@evalpacks/core';
import type { EvalStore } from '@evalpacks/store';
import { connectBackends } from '../backends/connect.ts';
import { DEFAULT_BACKEND, isBackend } from '../backends/registry.ts';
import { type Backend, defaultJudgeModel } from '../backends/roles.ts';
import { loadPrices } from '../cost/prices.ts';
import { runRecorded } from '../memory/recorded-run.ts';
import { describeModel } from '../memory/run-config.ts';
import { startSession } from '../memory/session.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun, repeatsLabel } from '../output/finish-run.ts';
import { printHeader } from '../output/run-header.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { UsageError } from '../usage-error.ts';
import { type CommandIo, storedCost } from './eval.ts';
import { cacheMode, type EvalOptions } from './eval-options.ts';

/**
 * `--rejudge RUN`: the pack's checks and the judge (by default the run's own judge) run again on the
 * answers the run stored, as a new run linked to it. The agent is never called.
 */
export async function rejudgeCommand(options: EvalOptions, store: EvalStore, io: CommandIo): Promise<number> {
  const sourceId = options.rejudge as number;
  const source = store.run(sourceId);
  if (!source) throw new UsageError(`no run ${sourceId} in ${store.path} (see pnpm history)`);
  if (source.status !== 'completed') {
    throw new UsageError(`run ${sourceId} is not complete; finish it first with pnpm eval --resume ${sourceId}`);
  }
  if (options.domain && options.domain !== source.pack) {
    throw new UsageError(`run ${sourceId} is of ${source.pack}, not ${options.domain}`);
  }
  const flags = source.config.flags as { pack?: string } | undefined;
  const pack = await loadEvalPack({ pack: flags?.pack, domain: source.pack });
  const results = store.caseResults(source.id);
  const cases = [...new Map(results.map((result) => [result.case.id, result.case] as [string, Case])).values()];
  // The prompt is not needed: nothing asks the agent. The name keeps the run comparable in history.
  const variant: Variant = { name: source.variant, path: '', text: '', sections: {} };

  // The run's own judge unless told otherwise; a structural-only run gets one by the usual defaults.
  const stored = options.judgeBackend ?? source.judge?.backend ?? source.agent.backend;
  // A pack's own agent ran on no backend of the registry: its judge then runs on the default one.
  const judgeBackend: Backend = isBackend(stored) ? stored : DEFAULT_BACKEND;
  const judgeModel = options.judgeModel ?? source.judge?.model ?? defaultJudgeModel(judgeBackend, source.agent);
  const backends = await connectBackends({
    agents: [],
    ...(!options.structuralOnly && { judge: { backend: judgeBackend, model: judgeModel } }),
    options,
    timeout: options.timeout,
    cache: { store: store.callCache(), mode: cacheMode(options) },
  });
  const { judge, calls } = backends;
  const judgeRef = judge && { backend: judge.backend, model: judge.model };
  const prices = await loadPrices();

  const session = startSession({
    store,
    total: results.length,
    costOf: storedCost(prices.priceOf, source.agent, judgeRef),
    meta: {
      kind: 'rejudge',
      parentRunId: source.id,
      pack: source.pack,
      variant: source.variant,
      promptHash: source.promptHash,
      agent: source.agent,
      ...(judgeRef && { judge: judgeRef }),
      epochs: source.epochs,
      offline: options.offline,
      config: { ...source.config, judge: describeModel(judgeRef), flags: {} },
    },
  });
  const output = consoleOutput(options, io, source.epochs, prices.priceOf);
  const style = options.judgeStyle === 'yes-no' ? ' (yes-no questions)' : '';
  const where = judgeRef ? (backends.where[judgeRef.backend as Backend] ?? '') : '';
  printHeader(output, {
    pack: source.pack,
    variant: source.variant,
    cases: cases.length,
    repeats: repeatsLabel(options, pack, source.epochs),
    roles:
      `agent  ${describeModel(source.agent)} · the answers stored in run ${source.id}, no agent calls\n` +
      `judge  ${judgeRef ? `${describeModel(judgeRef)}${where}${style}` : 'none (--structural-only)'}\n`,
    runId: session.run.id,
    runNote: `re-judging run ${source.id}`,
    storePath: shortPath(store.path),
  });

  const agent = replayAgent(source.agent, results);
  const epochs = source.epochs;
  const run = await runRecorded(session, output, options, { pack, variant, cases, agent, judge, epochs });
  const finish = { run, pack, epochs, runId: session.run.id, storePath: store.path, calls };
  return finishRun({ ...finish, options, output, io });
}
