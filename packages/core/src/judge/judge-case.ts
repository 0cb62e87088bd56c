import type { Pack } from '../pack/define-pack.ts';
import type { JudgePort } from '../ports/backend-ports.ts';
import type { Case } from '../schema/case.ts';
import type { Transcript } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';
import { describeCall } from '../tools/describe-call.ts';
import { type Gate, type JudgeItemRequest, judgeItem } from './judge-item.ts';
import { type JudgeTuning, judgePromptVersion } from './judge-prompt.ts';
import { absentPrompt, findingPrompt, type JudgeContext, rubricPrompt } from './prompts.ts';
import type { JudgeStyle } from './verdict.ts';
import { yesNoPrompt } from './yes-no.ts';

/** Tool calls as the judge reads them: a rubric about tool use needs them, an answer alone hides them. */
function toolCallLines(transcript: Transcript): string {
  if (transcript.toolCalls.length === 0) return 'none';
  return transcript.toolCalls.map((call, i) => `${i + 1}. ${describeCall(call, true)}`).join('\n');
}

/** A conversation as the judge reads it: each turn on its own line, the tools an agent turn called under it. */
function conversationLines(transcript: Transcript): string | undefined {
  if (!transcript.conversation) return undefined;
  return transcript.conversation
    .map((turn, i) => {
      const calls = (turn.toolCalls ?? []).map((call) => `\n    called ${describeCall(call, true)}`).join('');
      return `${i + 1}. ${turn.role}: ${turn.text}${calls}`;
    })
    .join('\n');
}

/** Every judge question a case raises: one per expected finding, one per expectedAbsent item, the rubric. */
export function judgeRequests(
  pack: Pack,
  testCase: Case,
  transcript: Transcript,
  style: JudgeStyle = 'structured',
  tuning?: JudgeTuning | null,
): JudgeItemRequest[] {
  const ctx: JudgeContext = {
    ...pack.judge,
    ...(tuning?.steps && { tunedSteps: tuning.steps }),
    ...(tuning?.narrowing && { narrowing: tuning.narrowing }),
    input: testCase.input,
    answer: transcript.answer,
    ...(pack.tools && { toolCalls: toolCallLines(transcript) }),
    ...(transcript.conversation && { conversation: conversationLines(transcript) }),
    ...(testCase.acceptable?.length && { acceptable: testCase.acceptable }),
  };
  const yesNo = style === 'yes-no';
  const requests: JudgeItemRequest[] = [
    ...testCase.expectedFindings.map((finding) => ({
      kind: 'finding' as const,
      itemId: finding.id,
      ...(yesNo ? yesNoPrompt('finding', ctx, finding) : findingPrompt(ctx, finding)),
    })),
    ...testCase.expectedAbsent.map((absent, i) => ({
      kind: 'absent' as const,
      itemId: `absent-${i + 1}`,
      ...(yesNo ? yesNoPrompt('absent', ctx, absent) : absentPrompt(ctx, absent)),
    })),
    ...(testCase.rubric
      ? [
          {
            kind: 'rubric' as const,
            itemId: 'rubric',
            ...(yesNo ? yesNoPrompt('rubric', ctx, testCase.rubric) : rubricPrompt(ctx, testCase.rubric)),
          },
        ]
      : []),
  ];
  const promptVersion = judgePromptVersion(style, tuning);
  const turnRoles = transcript.conversation?.map((turn) => turn.role);
  return requests.map((request) => ({
    ...request,
    promptVersion,
    ...(yesNo && { style }),
    ...(turnRoles && { turnRoles }),
  }));
}

/** Asks the judge every question of a case in parallel; one failing call never blocks or hides the others. */
export function judgeItems(
  judge: JudgePort,
  requests: readonly JudgeItemRequest[],
  gate: Gate,
  epoch = 0,
): Promise<Verdict[]> {
  return Promise.all(requests.map((request) => judgeItem(judge, { ...request, epoch }, gate)));
}

/** Judges all items of a case in parallel: its questions (judgeRequests), asked (judgeItems). */
export function judgeCase(
  judge: JudgePort,
  pack: Pack,
  testCase: Case,
  transcript: Transcript,
  gate: Gate,
  style: JudgeStyle = 'structured',
  epoch = 0,
  tuning?: JudgeTuning | null,
): Promise<Verdict[]> {
  return judgeItems(judge, judgeRequests(pack, testCase, transcript, style, tuning), gate, epoch);
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
