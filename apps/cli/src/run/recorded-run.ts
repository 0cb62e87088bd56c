import { type CompactRun, gradeRun, type JudgeCalibration } from '@evalpacks/core/grade';
import {
  type AdaptiveConcurrency,
  type AgentPort,
  type JudgePort,
  type JudgeTuning,
  runPack,
  type UserSimulatorPort,
} from '@evalpacks/core/runner';
import { judgesAfterAllAgents } from '../backends/ollama/schedule.ts';
import type { Session } from '../persistence/session.ts';
import type { RunPlan } from './plan.ts';
import { type GradedRun, gradeOptions } from './run-grade.ts';

export interface RecordedWork {
  agent: AgentPort;
  judge?: JudgePort;
  /** The simulated user of the run's conversation cases, when it has any. */
  userSimulator?: UserSimulatorPort;
  /** The budget's say on starting another case. */
  shouldStart?: () => boolean;
  /** The pool follows it under throttling, within `concurrency`. */
  adaptive?: AdaptiveConcurrency;
  /** Cases in flight at once (default --concurrency): more with several Ollama hosts. */
  concurrency?: number;
  /** The judge prompt's tuning the run was recorded with (the pack's judge.md, read once), or null for none. */
  judgeTuning: JudgeTuning | null;
  /** The labels of the run's judge: its grade then carries the judge-corrected rates. */
  calibration?: JudgeCalibration;
  /** Each result as it completes, after it is saved (the console shows it). */
  onResult: Parameters<typeof runPack>[0]['onCaseResult'];
}

/**
 * Runs the plan's cases, saving each result the moment it completes; cases an earlier attempt saved are
 * not run again. A failure leaves the run saved and resumable, unless it failed before saving anything
 * (see Session.fail): then it leaves no run.
 */
export async function runRecorded(session: Session, plan: RunPlan, work: RecordedWork): Promise<GradedRun> {
  let run: CompactRun;
  try {
    run = await runPack({
      pack: plan.pack,
      variant: plan.variant,
      cases: plan.cases,
      agent: work.agent,
      ...(work.judge && { judge: work.judge }),
      ...(work.userSimulator && { userSimulator: work.userSimulator }),
      epochs: plan.epochs,
      maxTurns: plan.grading.maxTurns,
      concurrency: work.concurrency ?? plan.calls.concurrency,
      structural: plan.grading.structural,
      judgeAlways: plan.grading.judgeAlways,
      judgeStyle: plan.grading.judgeStyle,
      judgeTuning: work.judgeTuning,
      phased: judgesAfterAllAgents(
        plan.calls.backends.schedule,
        plan.agent.kind === 'backend' ? plan.agent.role : undefined,
        plan.judge,
      ),
      completed: session.completed(),
      ...(work.shouldStart && { shouldStart: work.shouldStart }),
      ...(work.adaptive && { adaptive: work.adaptive }),
      onCaseResult: (result) => {
        session.save(result);
        work.onResult?.(result);
      },
    });
  } catch (error) {
    session.fail();
    throw error;
  }
  // A resumed run began when its first attempt did.
  run.startedAt = session.run.startedAt;
  // Graded once, here: the store keeps this grade with the run, and the summary, the file reports and the
  // exit code all show it.
  const grade = gradeRun(run, { ...gradeOptions(plan), ...(work.calibration && { calibration: work.calibration }) });
  // Cases a budget never started leave the run unfinished: --resume can complete it.
  if (run.notStarted) session.abandon();
  else session.finish(run, grade);
  return { run, grade };
}
