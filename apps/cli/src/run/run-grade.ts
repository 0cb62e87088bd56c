import type { Pack } from '@evalpacks/core';
import type { CompactRun, GradeOptions, RunGrade } from '@evalpacks/core/grade';
import type { PlanPolicy, ReportPlan } from './plan.ts';

/** A finished run (its cases as records) and the grade it was given, which the store keeps with it. */
export interface GradedRun {
  run: CompactRun;
  grade: RunGrade;
}

/** The settings a run is graded under: its repeat policy and the gates of its command line. */
export function gradeOptions(plan: {
  policy: PlanPolicy;
  report: ReportPlan;
  pack?: Pick<Pack, 'headline'>;
}): GradeOptions {
  const { minPassRate, maxFlaky, gateOn, lowConfidence } = plan.report;
  const headline = plan.pack?.headline;
  return {
    policy: plan.policy.name,
    ...(headline && { headline }),
    ...(lowConfidence !== undefined && { lowConfidence }),
    ...(gateOn === 'corrected' && { gateOn }),
    ...(minPassRate !== undefined && { minPassRate }),
    ...(maxFlaky !== undefined && { maxFlaky }),
  };
}
