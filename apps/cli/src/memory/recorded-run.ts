import { type RunOptions, type RunResult, runPack } from '@evalpacks/core';
import type { EvalOptions } from '../commands/eval-options.ts';
import type { ConsoleOutput } from '../output/finish-run.ts';
import type { Session } from './session.ts';

type PackWork = Pick<
  RunOptions,
  'pack' | 'variant' | 'cases' | 'agent' | 'judge' | 'epochs' | 'maxTurns' | 'shouldStart' | 'adaptive'
>;

/**
 * Runs the pack as the flags say, saving each result the moment it completes and showing it; cases an
 * earlier attempt saved are not run again. A failure leaves the run saved and resumable.
 */
export async function runRecorded(
  session: Session,
  output: ConsoleOutput,
  options: EvalOptions,
  work: PackWork,
): Promise<RunResult> {
  let run: RunResult;
  try {
    run = await runPack({
      ...work,
      concurrency: options.concurrency,
      structural: !options.skipStructural,
      judgeAlways: options.judgeAlways,
      judgeStyle: options.judgeStyle,
      completed: session.completed,
      onCaseResult: (result) => {
        session.save(result);
        output.caseResult(result);
      },
    });
  } catch (error) {
    session.abandon();
    throw error;
  }
  // A resumed run began when its first attempt did.
  run.startedAt = session.run.startedAt;
  // Cases a budget never started leave the run unfinished: --resume can complete it.
  if (run.notStarted) session.abandon();
  else session.finish(run);
  return run;
}
