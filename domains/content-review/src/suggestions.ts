/**
 * What makes a suggestion actionable, as the Expectation defines it: one edit, starting with a verb that
 * names the change, saying what and where. "Consider improving the flow" names no edit; "Add more detail"
 * names one but not what or where.
 */

/** Verbs of an edit. Vague ones (improve, revise, polish, rework, clarify) are left out on purpose. */
export const EDIT_VERBS = [
  'add',
  'explain',
  'replace',
  'correct',
  'fix',
  'remove',
  'delete',
  'move',
  'state',
  'split',
  'link',
  'define',
  'show',
  'list',
  'include',
  'insert',
  'change',
  'mention',
  'document',
  'describe',
  'name',
  'say',
  'spell',
  'import',
  'merge',
  'reorder',
  'rename',
  'end',
  'open',
  'close',
  'pick',
  'choose',
  'drop',
  'use',
] as const;

/** Fewer words than this cannot say both what to change and where. */
export const MIN_WORDS = 6;

const firstWord = (text: string) => (/[A-Za-z]+/.exec(text)?.[0] ?? '').toLowerCase();
const quote = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** Why a suggestion is not actionable, or undefined when it is. */
export function suggestionProblem(suggestion: string | undefined): string | undefined {
  if (suggestion === undefined) return 'no **Suggestion:** line';
  const text = suggestion.replace(/[*_]/g, '').trim();
  const verb = firstWord(text);
  if (!(EDIT_VERBS as readonly string[]).includes(verb)) {
    return `suggestion "${quote(text)}" does not start with an edit verb (Add, Explain, Replace, Correct, ...)`;
  }
  const count = text.split(/\s+/).filter(Boolean).length;
  if (count < MIN_WORDS) return `suggestion "${quote(text)}" is ${count} words; say what to change and where`;
  return undefined;
}
