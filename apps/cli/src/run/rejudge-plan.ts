import type { Variant } from '@evalpacks/core';
import type { EvalStore } from '@evalpacks/store';
import { DEFAULT_BACKEND, isBackend } from '../backends/registry.ts';
import { type Backend, defaultJudgeModel } from '../backends/roles.ts';
import type { EvalOptions } from '../options/eval-options.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { storedSplit } from '../persistence/run-config.ts';
import { UsageError } from '../usage-error.ts';
import { callsPlan, gradingPlan, reportPlan } from './eval-plan.ts';
import type { RunPlan } from './plan.ts';
import { planPolicy } from './policy.ts';

/**
 * `--rejudge RUN` as a plan: the pack's checks and the judge (by default the run's own judge) run again on
 * the answers the run stored, as a new run linked to it. The agent is never called.
 */
export async function planRejudge(options: EvalOptions, sourceId: number, store: EvalStore): Promise<RunPlan> {
  const source = store.run(sourceId);
  if (!source) throw new UsageError(`no run ${sourceId} in ${store.path} (see pnpm history)`);
  if (source.status !== 'completed') {
    throw new UsageError(`run ${sourceId} is not complete; finish it first with pnpm eval --resume ${sourceId}`);
  }
  if (options.domain && options.domain !== source.pack) {
    throw new UsageError(`run ${sourceId} is of ${source.pack}, not ${options.domain}`);
  }
  const packFolder = (source.config.flags as { pack?: string } | undefined)?.pack;
  const pack = await loadEvalPack({ pack: packFolder, domain: source.pack });
  const cases = store.runCases(source.id);
  // The prompt is not needed: nothing asks the agent. The name keeps the run comparable in history.
  const variant: Variant = { name: source.variant, path: '', text: '', sections: {} };

  // The run's own judge unless told otherwise; a structural-only run gets one by the usual defaults.
  const stored = options.judgeBackend ?? source.judge?.backend ?? source.agent.backend;
  // A pack's own agent ran on no backend of the registry: its judge then runs on the default one.
  const judgeBackend: Backend = isBackend(stored) ? stored : DEFAULT_BACKEND;
  const judgeModel = options.judgeModel ?? source.judge?.model ?? defaultJudgeModel(judgeBackend, source.agent);
  return {
    kind: 'rejudge',
    pack,
    variant,
    cases,
    // The stored run's split: a re-judge grades the answers it has, no other cases.
    split: storedSplit(source),
    epochs: source.epochs,
    policy: planPolicy(options.policy, pack),
    agent: {
      kind: 'stored',
      run: source,
      // Read as each case runs, not all at once: a 30,000-result run's answers are hundreds of MB.
      transcripts: (caseId, epoch) => store.transcript(source.id, caseId, epoch),
    },
    ...(!options.structuralOnly && { judge: { backend: judgeBackend, model: judgeModel } }),
    grading: gradingPlan(options),
    calls: callsPlan(options),
    offline: options.offline,
    // Keeps the pack folder, so a re-judge of this run finds its pack too.
    record: { parentRunId: source.id, flags: packFolder ? { pack: packFolder } : {} },
    report: reportPlan(options),
  };
}
