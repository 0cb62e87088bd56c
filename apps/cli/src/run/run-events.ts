import type { CaseResult } from '@evalpacks/core';
import { type CaseStanding, resultStanding } from '@evalpacks/core/grade';
import { visible } from '@evalpacks/core/report';
import type { CallListener, CallRole } from '@evalpacks/core/runner';
import type { BackendRequest } from '../backends/connect.ts';

/** Which side of a compare an event belongs to; absent in an eval. */
export type Side = 'baseline' | 'variant';

interface CallEvent {
  role: CallRole;
  backend: string;
  model: string;
  side?: Side;
}

/**
 * What a run tells a custom display as it goes, from the hooks the CLI's own progress line reads: the run
 * recorded, each result as it is saved, each model call through the one door (ModelCalls), each retry a
 * backend decides on (the throttle signals), the run graded. Plain data: JSON-serialisable but `result`.
 */
export type EngineEvent =
  | {
      type: 'run-started';
      runId: number;
      pack: string;
      variant: string;
      cases: number;
      epochs: number;
      /** Results (cases x epochs) this call will add; a resumed run's saved ones are not counted. */
      results: number;
      /** Results an interrupted attempt had saved (--resume). */
      savedBefore: number;
      side?: Side;
    }
  | {
      type: 'case-done';
      runId: number;
      caseId: string;
      epoch: number;
      /** As every report counts it: passed, failed, error, or structural-only (passed, judged items unjudged). */
      status: CaseStanding;
      /** The whole result as saved (transcript, checks, verdicts, reasons). */
      result: CaseResult;
      side?: Side;
    }
  | ({ type: 'call-sent' } & CallEvent)
  | ({ type: 'call-answered'; cached: boolean } & CallEvent)
  | ({ type: 'call-failed'; message: string } & CallEvent)
  | { type: 'retry'; backend: string; side?: Side }
  /** A backend's one-line warning (a server taken out mid-run); the CLI prints it on stderr. */
  | { type: 'warning'; message: string; side?: Side }
  | { type: 'run-finished'; runId: number; exitCode: 0 | 1; passed: boolean; side?: Side };

export type EventListener = (event: EngineEvent) => void;

/** The event of one saved result. */
export function caseDone(runId: number, result: CaseResult): EngineEvent {
  return {
    type: 'case-done',
    runId,
    caseId: result.case.id,
    epoch: result.epoch,
    status: resultStanding(result),
    result,
  };
}

/** The connect hooks that turn model calls, retries and warnings into events. */
export function backendEvents(emit: EventListener): Pick<BackendRequest, 'onCall' | 'onRetry' | 'warn'> {
  const onCall: CallListener = {
    sent: (call) => emit({ type: 'call-sent', ...call }),
    answered: (call) => emit({ type: 'call-answered', ...call }),
    failed: ({ error, ...call }) => emit({ type: 'call-failed', ...call, message: error.message }),
  };
  return {
    onCall,
    onRetry: (backend) => emit({ type: 'retry', backend }),
    // A warning may quote a server's own error text, as the CLI's stderr line does.
    warn: (line) => emit({ type: 'warning', message: visible(line) }),
  };
}

/** A listener that tags every event with the compare side it belongs to. */
export function onSide(emit: EventListener | undefined, side: Side): EventListener | undefined {
  return emit && ((event) => emit({ ...event, side }));
}
