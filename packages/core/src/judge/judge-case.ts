import type { Pack } from '../pack/define-pack.ts';
import type { JudgePort } from '../runner/ports.ts';
import type { Case } from '../schema/case.ts';
import type { Transcript } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';
import { type Gate, type JudgeItemRequest, judgeItem } from './judge-item.ts';
import { absentPrompt, findingPrompt, rubricPrompt } from './prompts.ts';

/** Every judge question a case raises: one per expected finding, one per expectedAbsent item, the rubric. */
export function judgeRequests(pack: Pack, testCase: Case, transcript: Transcript): JudgeItemRequest[] {
  const ctx = { ...pack.judge, input: testCase.input, answer: transcript.answer };
  return [
    ...testCase.expectedFindings.map((finding) => ({
      kind: 'finding' as const,
      itemId: finding.id,
      ...findingPrompt(ctx, finding),
    })),
    ...testCase.expectedAbsent.map((absent, i) => ({
      kind: 'absent' as const,
      itemId: `absent-${i + 1}`,
      ...absentPrompt(ctx, absent),
    })),
    ...(testCase.rubric ? [{ kind: 'rubric' as const, itemId: 'rubric', ...rubricPrompt(ctx, testCase.rubric) }] : []),
  ];
}

/** Judges all items of a case in parallel; one failing call never blocks or hides the others. */
export function judgeCase(
  judge: JudgePort,
  pack: Pack,
  testCase: Case,
  transcript: Transcript,
  gate: Gate,
  epoch = 0,
): Promise<Verdict[]> {
  const requests = judgeRequests(pack, testCase, transcript);
  return Promise.all(requests.map((request) => judgeItem(judge, { ...request, epoch }, gate)));
}

/** Verdicts for items not judged, so the report still lists them and says why. */
export function skippedVerdicts(pack: Pack, testCase: Case, transcript: Transcript, reason: string): Verdict[] {
  return judgeRequests(pack, testCase, transcript).map((request) => ({
    kind: request.kind,
    itemId: request.itemId,
    model: '',
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    status: 'skipped',
    reason,
  }));
}
