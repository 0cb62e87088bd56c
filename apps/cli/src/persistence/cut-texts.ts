import { type CaseResult, CaseResultSchema } from '@evalpacks/core';
import { MAX_ANSWER_CHARS } from '@evalpacks/core/runner';
import { UsageError } from '../usage-error.ts';
import { CutText } from './bounded-json.ts';
import { firstIssue } from './shard-record.ts';

/** How deep a result read back may nest (the bounded reader refuses deeper files; a store may hold anything). */
export const MAX_RESULT_DEPTH = 64;

/** What replaces the end of a text merge cut (any text but the answer, whose cut the transcript records). */
export const cutNote = (kept: number, length: number) =>
  `\n[evalpacks cut this text here: ${length - kept} of its ${length} characters are not kept]`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof CutText);

/** A text as read (a CutText when the reader cut it), kept to `max` characters with the note saying so. */
function cutText(value: string | CutText, max: number): string {
  const [text, length] = value instanceof CutText ? [value.kept, value.length] : [value, value.length];
  return length > max ? `${text.slice(0, max)}${cutNote(max, length)}` : text;
}

/** Every text in `value` kept to `max` characters; anything nested deeper than MAX_RESULT_DEPTH is refused. */
function cutAll(value: unknown, max: number, depth: number): unknown {
  if (typeof value === 'string' || value instanceof CutText) return cutText(value, max);
  if (depth > MAX_RESULT_DEPTH) throw new UsageError(`a result nested deeper than ${MAX_RESULT_DEPTH}`);
  if (Array.isArray(value)) return value.map((item) => cutAll(item, max, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cut = cutAll(item, max, depth + 1);
    // As JSON.parse does: "__proto__" is a plain key, never the object's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: cut, enumerable: true, writable: true });
    else out[key] = cut;
  }
  return out;
}

/**
 * A case result as merge stores it, from a shard file the merge cannot trust: its answer cut to the live
 * run's cap as the live run cuts it (kept to `max` characters, `answerCut` holding its length), any other
 * text kept to the same length with a note at the cut. Takes what the bounded reader gives (a CutText where
 * it cut a string) or a result read from a store (plain strings); validating it is the caller's.
 */
export function cutResult(raw: unknown, max = MAX_ANSWER_CHARS): unknown {
  if (!isRecord(raw) || !isRecord(raw.transcript)) return cutAll(raw, max, 0);
  const { transcript, ...rest } = raw;
  const { answer, answerCut, ...fields } = transcript;
  const cut = cutAll(fields, max, 1) as Record<string, unknown>;
  if (typeof answer === 'string' || answer instanceof CutText) {
    const [text, length] = answer instanceof CutText ? [answer.kept, answer.length] : [answer, answer.length];
    cut.answer = text.slice(0, max);
    // A shard that cut its answer already says how long it was: cut again here, it was at least that long.
    if (length > max) cut.answerCut = Math.max(length, typeof answerCut === 'number' ? answerCut : 0);
    else if (answerCut !== undefined) cut.answerCut = answerCut;
  } else {
    cut.answer = answer;
    if (answerCut !== undefined) cut.answerCut = answerCut;
  }
  return { ...(cutAll(rest, max, 0) as Record<string, unknown>), transcript: cut };
}

/** A shard's result as merge stores it: cut (cutResult), then checked; `where` names it in the refusal. */
export function mergedResult(file: string, where: string, raw: unknown): CaseResult {
  let parsed: ReturnType<typeof CaseResultSchema.safeParse>;
  try {
    parsed = CaseResultSchema.safeParse(cutResult(raw));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${file}: ${where}: ${error.message}`);
    throw error;
  }
  if (!parsed.success) throw new UsageError(`${file}: ${where}: ${firstIssue(parsed.error)}`);
  return parsed.data;
}
