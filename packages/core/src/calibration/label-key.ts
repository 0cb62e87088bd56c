import { createHash } from 'node:crypto';
import { canonicalJson } from '../cache/call-key.ts';
import { isPersonLabel, type PackLabel } from '../schema/label.ts';

/** The hash a label records of the case input its answer was given to. */
export const inputHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * What identifies a label: the input (by hash), the answer with its tool calls, the conversation it ends
 * (a conversation case's), and the item. The same answer judged again (a re-run that cached it, a re-judge,
 * another judge) finds the same label. Without a conversation the material is as it always was, so the keys
 * of one-message labels (and of labels files written before conversations) stay what they were.
 */
export function labelKey(
  label: Pick<PackLabel, 'inputSha256' | 'answer' | 'toolCalls' | 'caseId' | 'kind' | 'itemId'> & {
    conversation?: PackLabel['conversation'];
  },
) {
  const material = {
    input: label.inputSha256,
    answer: label.answer,
    toolCalls: label.toolCalls,
    caseId: label.caseId,
    kind: label.kind,
    itemId: label.itemId,
    ...(label.conversation && { conversation: label.conversation }),
  };
  return createHash('sha256')
    .update(`evalpacks-label-v1\n${canonicalJson(material)}`)
    .digest('hex');
}

/**
 * The item's outcome in the person's eyes: the verdict's, unless they said the judge got it wrong (or the
 * one they wrote down without a verdict). A label blaming the case has none: the item itself is wrong, so it
 * is left out of agreement.
 */
export function labelledOutcome(label: PackLabel): boolean | undefined {
  if (isPersonLabel(label)) return label.passed;
  if (label.wrong === 'case') return undefined;
  return label.wrong === 'judge' ? !label.verdict.passed : label.verdict.passed;
}
