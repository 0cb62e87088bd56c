import { asRecord, type CompactRun, type GradableRun } from '../grade/case-record.ts';

/**
 * Control characters other than newline and tab: C0, DEL, C1 (0x9B alone starts a CSI sequence on many
 * terminals), and the bidirectional overrides that make text read differently from what it holds.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function picture(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␛ for ESC, ␍ for CR, ...
  if (code === 0x7f) return '␡';
  return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Text from a model, a tool or a case file as a terminal may show it: every control character is
 * replaced by a visible stand-in, so an answer cannot clear the screen, set the clipboard (OSC 52) or
 * forge a line. Newlines and tabs stay; the reporters lay them out.
 */
export function visible(text: string): string {
  return text.replace(CONTROL, picture);
}

/**
 * `value` with every string in it made visible: one pass over a result before a reporter prints it. An
 * object met twice (records share their items) is copied once, so the copy shares as the value did.
 */
export function visibleDeep<T>(value: T, copies = new Map<object, unknown>()): T {
  if (typeof value === 'string') return visible(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (copies.has(value)) return copies.get(value) as T;
  const copy = Array.isArray(value)
    ? value.map((item) => visibleDeep(item, copies))
    : Object.fromEntries(Object.entries(value).map(([key, field]) => [key, visibleDeep(field, copies)]));
  copies.set(value, copy);
  return copy as T;
}

/**
 * A run as the summaries print it: its cases as records (small: no transcripts, so this pass stays cheap
 * on 30,000 of them) with every string made visible.
 */
export function visibleRun(run: GradableRun): CompactRun {
  return visibleDeep({ ...run, cases: run.cases.map(asRecord) });
}
