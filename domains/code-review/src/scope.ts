/**
 * Finds style, readability, naming and formatting remarks in a review's prose. Pattern matching, not
 * understanding: it catches a review that drifts out of scope in plain words and lets the judge handle
 * subtler cases. Its one refinement is negation, so that "this is not a style issue" or "naming and
 * formatting are out of scope" (a review explaining its own restraint) is not counted as a remark.
 */
import { blankInlineCode, outsideFences } from './markdown.ts';

/**
 * Topic words, for TypeScript and Python reviews alike. Kept narrow on purpose: "readable" alone is left
 * out ("the SSN is readable by any origin" is a security finding), and so is "formatting" after "string"
 * or Python's "%-" (string formatting is how injection happens), and "style" after a hyphen
 * ("callback-style" describes an API, not a taste).
 */
const TOPIC =
  /\breadability\b|\b(?:more|less) readable\b|\b(?:easier|harder) to read\b|\bnaming\b|\brenam(?:e|ed|es|ing)\b|\b(?:variable|function|descriptive) names?\b|(?<!string |%-)\bformatting\b|\breformat\w*|\bindentation\b|(?<![-\w])style\b|\bstylistic(?:ally)?\b|\bcamel ?case\b|\bsnake_case\b|\bprettier\b|\bsemicolons?\b|\btrailing commas?\b|\bPEP ?8\b|\bdocstrings?\b/gi;

const NEGATION_WORD = /^(?:not|no|never|nor|none|without|neither)$|n't$/;
/**
 * A clause that declares something out of scope ("naming is out of scope") or says it was left alone
 * ("formatting was not reviewed") is a disclaimer, whatever topic words it lists.
 */
const DISCLAIMER =
  /\b(?:out of|outside(?: of)?|beyond) (?:the |this |my |our )?(?:[\w']+ )?scope\b|\bnot in scope\b|(?:\bnot|\bnever|n't)\s+(?:been\s+|be\s+)?(?:review|assess|flag|cover|consider|evaluat|comment|address)\w*/i;
/** Words that join a list of topics ("no style, naming or formatting"), skipped when looking back. */
const LIST_GLUE = /^(?:§|or|and|nor|&)$/;
/** How many words before a topic a negation may stand: "is not a style", "no code style". */
const NEGATION_REACH = 3;

/** Clauses as written, inline code kept, so a failing check can quote them. */
function clauses(answer: string): string[] {
  return outsideFences(answer)
    .flatMap((line) => line.split(/(?<=[.!?])\s+|;|\|/))
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}

function negated(before: string): boolean {
  const words = before
    .replace(TOPIC, '§')
    .toLowerCase()
    .split(/[\s,/]+/)
    .filter(Boolean);
  while (words.length > 0 && LIST_GLUE.test(words.at(-1) ?? '')) words.pop();
  return words.slice(-NEGATION_REACH).some((word) => NEGATION_WORD.test(word.replace(/[^\w']/g, '')));
}

/** The clauses of the answer's prose that make a style-type remark, in order. */
export function outOfScopeRemarks(answer: string): string[] {
  return clauses(answer).filter((clause) => {
    const prose = blankInlineCode(clause);
    if (DISCLAIMER.test(prose)) return false;
    return [...prose.matchAll(TOPIC)].some((match) => !negated(prose.slice(0, match.index)));
  });
}
