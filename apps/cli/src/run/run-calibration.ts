import { type Case, isPersonLabel, loadPackCases, type PersonLabel } from '@evalpacks/core';
import { type JudgeCalibration, judgeCalibration, judgeLabels, labelKey } from '@evalpacks/core/calibration';
import type { EvalStore } from '@evalpacks/store';
import { connectBackends } from '../backends/connect.ts';
import { allLabels } from '../calibration/all-labels.ts';
import type { RunPlan } from './plan.ts';
import type { Grader } from './stored-run.ts';

/**
 * The labels (the pack's calibration/labels.jsonl and the store's) held to the judge this run uses, so its
 * grade carries the judge-corrected rates; none for a run without a judge or a pack without labels. Every
 * case of the pack tells a stale label, not only this run's split or shard: a label measures the judge.
 */
export async function runCalibration(
  plan: RunPlan,
  store: EvalStore,
  grader: Grader,
): Promise<JudgeCalibration | undefined> {
  if (!plan.judge) return undefined;
  const { labels } = await allLabels(plan.pack, store);
  if (labels.length === 0) return undefined;
  const judge = { model: plan.judge.model, ...(grader.judgePrompt && { promptVersion: grader.judgePrompt }) };
  const cases = await loadPackCases(plan.pack);
  const asked = await askedFromCache(plan, store, grader, cases, labels.filter(isPersonLabel));
  return judgeCalibration(labels, judge, cases, asked);
}

/**
 * What this judge said of the answers of the starter labels (a person's outcome, no verdict), read from the
 * call cache only: `pnpm calibrate` asks it (the same requests, so the same cache entries), and a run never
 * pays for calls it did not ask for. A separate, offline connection: these lookups are not the run's calls.
 */
async function askedFromCache(
  plan: RunPlan,
  store: EvalStore,
  grader: Grader,
  cases: Case[],
  labels: PersonLabel[],
): Promise<Map<string, boolean>> {
  const asked = new Map<string, boolean>();
  if (labels.length === 0 || !plan.judge) return asked;
  const backends = await connectBackends({
    agents: [],
    judge: plan.judge,
    options: plan.calls.backends,
    timeout: plan.calls.timeout,
    cache: { store: store.callCache(), mode: 'offline' },
    concurrency: plan.calls.concurrency,
  });
  if (!backends.judge) return asked;
  const { judged } = await judgeLabels({
    pack: plan.pack,
    cases,
    labels,
    judge: backends.judge,
    style: plan.grading.judgeStyle,
    tuning: grader.tuning,
    concurrency: plan.calls.concurrency,
  });
  for (const { label, verdict } of judged) {
    if (verdict.status === 'ok') asked.set(labelKey(label), verdict.passed);
  }
  return asked;
}
