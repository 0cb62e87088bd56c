/**
 * The Narrowing's two rules as patterns: no remarks on the author's voice, and no rewritten prose. Pattern
 * matching, not understanding: it catches a review that drifts in plain words and leaves subtler cases to
 * the judge's expectedAbsent questions.
 */
import type { Tokens } from 'marked';
import { allTokens, type ReviewFinding } from './review-format.ts';

/**
 * Words about voice and tone. Only findings are searched: a finding is a request to change something, while
 * a sentence elsewhere ("the informal voice suits the post") is an opinion the Narrowing does not forbid.
 */
const VOICE =
  /\b(?:tone|voice|wording|word choice|phrasing|humou?r|jokes?|joking|casual|informal|chatty|conversational|more formal|engaging|punchier|stylistic(?:ally)?|first[- ]person)\b/i;

/** A quoted sentence shows where a problem is; a passage of this many words is a rewrite. */
export const REWRITE_WORDS = 40;
/** Fences that hold prose rather than code: a rewrite dressed as a code block. */
const PROSE_FENCES = new Set(['md', 'markdown', 'text', 'txt', 'prose']);
const QUOTED = /"([^"\n]+)"|“([^”\n]+)”/g;

const words = (text: string) => text.split(/\s+/).filter((word) => /\w/.test(word)).length;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
};

export interface ScopeViolation {
  detail: string;
}

/** The first finding that asks to change the author's voice, with the word that gave it away. */
export function voiceRemark(findings: readonly ReviewFinding[]): ScopeViolation | undefined {
  for (const finding of findings) {
    const text = [finding.title, finding.fields.problem, finding.fields.suggestion].join(' ');
    const word = VOICE.exec(text)?.[0];
    if (word)
      return { detail: `finding ${finding.number} "${finding.title}" comments on the author's voice ("${word}")` };
  }
  return undefined;
}

/** The first passage long enough to be a rewrite: a blockquote, a prose fence, or a long quoted replacement. */
export function rewrittenPassage(answer: string): ScopeViolation | undefined {
  for (const token of allTokens(answer)) {
    if (token.type === 'blockquote') {
      const { text } = token as Tokens.Blockquote;
      const count = words(text);
      if (count > REWRITE_WORDS)
        return { detail: `a blockquote of ${count} words rewrites the draft ("${excerpt(text)}")` };
    }
    if (token.type === 'code' && PROSE_FENCES.has(((token as Tokens.Code).lang ?? '').toLowerCase())) {
      const { text } = token as Tokens.Code;
      const count = words(text);
      if (count > REWRITE_WORDS)
        return { detail: `a prose block of ${count} words rewrites the draft ("${excerpt(text)}")` };
    }
    if (token.type === 'paragraph' || token.type === 'list_item') {
      for (const match of token.raw.matchAll(QUOTED)) {
        const quoted = match[1] ?? match[2] ?? '';
        const count = words(quoted);
        if (count > REWRITE_WORDS)
          return { detail: `a quoted passage of ${count} words rewrites the draft ("${excerpt(quoted)}")` };
      }
    }
  }
  return undefined;
}
