import { loadPackCases } from '@evalpacks/core';
import { type JudgeCalibration, judgeCalibration } from '@evalpacks/core/calibration';
import type { EvalStore } from '@evalpacks/store';
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
  return judgeCalibration(labels, judge, await loadPackCases(plan.pack));
}
