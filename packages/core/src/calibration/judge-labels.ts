import pLimit from 'p-limit';
import { judgeRequests } from '../judge/judge-case.ts';
import { judgeItem } from '../judge/judge-item.ts';
import type { JudgeTuning } from '../judge/judge-prompt.ts';
import type { JudgeStyle } from '../judge/verdict.ts';
import type { Pack } from '../pack/define-pack.ts';
import type { JudgePort } from '../ports/backend-ports.ts';
import type { Case } from '../schema/case.ts';
import { isPersonLabel, type PackLabel } from '../schema/label.ts';
import type { Transcript } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';
import { inputHash } from './label-key.ts';

/** A label with the case it belongs to and the verdict of the judge being calibrated. */
export interface LabelledVerdict {
  label: PackLabel;
  testCase: Case;
  verdict: Verdict;
  /** The verdict is the one recorded with the label (offline, nothing cached), not a new judge call. */
  recorded?: boolean;
}

/** A label that no longer fits its pack: the case is gone, its input changed, or the item is gone. */
export interface StaleLabel {
  label: PackLabel;
  reason: string;
}

export interface JudgeLabelsOptions {
  pack: Pack;
  cases: Case[];
  labels: PackLabel[];
  judge: JudgePort;
  style?: JudgeStyle;
  /** The pack's judge.md, a --judge-prompt file, or null for core's prompt as it is. */
  tuning?: JudgeTuning | null;
  concurrency: number;
  /**
   * Offline, an item the call cache cannot answer falls back to the verdict recorded with its label, so
   * a fresh clone can still report on what its labels were given on.
   */
  recordedWhenOffline?: boolean;
}

function staleReason(label: PackLabel, testCase: Case | undefined): string | undefined {
  if (!testCase) return `case "${label.caseId}" is not in the pack`;
  if (inputHash(testCase.input) !== label.inputSha256) return `the input of case "${label.caseId}" changed since`;
  return undefined;
}

/**
 * The transcript the judge is shown for a label: its answer and tool calls, and on a conversation case the
 * conversation it ends, so the judge reads the same fenced conversation as in the run (and the call cache
 * answers with the run's verdict).
 */
function answerOf(label: PackLabel, testCase: Case, model: string): Transcript {
  const { answer, toolCalls, conversation } = label;
  const base = { input: testCase.input, answer, toolCalls, usage: { input: 0, output: 0 }, latencyMs: 0, model };
  return conversation ? { ...base, turns: conversation.length, conversation } : { ...base, turns: 1 };
}

/** The verdict recorded with the label; a person's outcome written without one has none. */
function recordedVerdict(label: PackLabel): Verdict | undefined {
  if (isPersonLabel(label)) return undefined;
  const { passed, reasoning, model, promptVersion } = label.verdict;
  const base = { kind: label.kind, itemId: label.itemId, model, usage: { input: 0, output: 0 }, latencyMs: 0 };
  return { ...base, status: 'ok', passed, reasoning, ...(promptVersion && { promptVersion }) };
}

/**
 * Asks the judge about every labelled item again, on the answer the label was given on, through the
 * same prompts (and call cache) as a run: the labels are the reference, this judge is what is measured.
 */
export async function judgeLabels(
  options: JudgeLabelsOptions,
): Promise<{ judged: LabelledVerdict[]; stale: StaleLabel[] }> {
  const byId = new Map(options.cases.map((testCase) => [testCase.id, testCase]));
  const limit = pLimit(options.concurrency);
  const gate = <T>(call: () => Promise<T>) => limit(call);
  const stale: StaleLabel[] = [];
  // Reported in the pack's order (case, then item as the judge is asked), whichever source a label came from.
  const order = new Map(options.cases.map((testCase, i) => [testCase.id, i]));
  const work: { at: [number, number]; result: Promise<LabelledVerdict> }[] = [];
  for (const label of options.labels) {
    const testCase = byId.get(label.caseId);
    const reason = staleReason(label, testCase);
    if (reason || !testCase) {
      stale.push({ label, reason: reason ?? '' });
      continue;
    }
    const transcript = answerOf(label, testCase, isPersonLabel(label) ? 'person' : label.verdict.model);
    const requests = judgeRequests(options.pack, testCase, transcript, options.style, options.tuning);
    const index = requests.findIndex((r) => r.kind === label.kind && r.itemId === label.itemId);
    const request = requests[index];
    if (!request) {
      stale.push({ label, reason: `case "${label.caseId}" has no ${label.kind} "${label.itemId}" now` });
      continue;
    }
    const result = judgeItem(options.judge, request, gate).then((verdict): LabelledVerdict => {
      const recorded = options.recordedWhenOffline && verdict.status === 'skipped' ? recordedVerdict(label) : undefined;
      return recorded ? { label, testCase, verdict: recorded, recorded: true } : { label, testCase, verdict };
    });
    work.push({ at: [order.get(testCase.id) ?? 0, index], result });
  }
  work.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  return { judged: await Promise.all(work.map((item) => item.result)), stale };
}
