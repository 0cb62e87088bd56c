/**
 * Token log-probabilities as the real servers return them when asked (`logprobs: true`): one entry per
 * generated token with its text, its log-probability and its UTF-8 bytes, and `top_logprobs` alternatives
 * when `top_logprobs` > 0. Ollama puts the list at the top of a chat reply (`logprobs`, since v0.12.11);
 * OpenAI-compatible servers under `choices[0].logprobs.content`. The same entry shape on both.
 */

export interface TokenLogprob {
  token: string;
  logprob: number;
  bytes: number[];
  top_logprobs?: { token: string; logprob: number; bytes: number[] }[];
}

/**
 * A greedy (temperature 0) model is nearly sure of most tokens: ln 0.9999. A script gives the tokens it
 * cares about (a verdict's `true`) a probability of their own.
 */
export const DEFAULT_LOGPROB = Math.log(0.9999);

/** Tokens as a BPE tokenizer roughly cuts text: a word or a number with its leading space, or one symbol. */
export function tokenPieces(text: string): string[] {
  return text.match(/\s*[A-Za-z]+|\s*\d+|\s*[^\sA-Za-z\d]|\s+$/g) ?? [];
}

/**
 * The log-probabilities of `text`'s tokens. `scripted` maps a token's text (spaces trimmed) to its
 * probability (0..1); every other token gets DEFAULT_LOGPROB. With `top` > 0 each entry lists the chosen
 * token first among its alternatives and, for a scripted token, the rest of the mass on one alternative.
 */
export function logprobsFor(text: string, scripted: Record<string, number> = {}, top = 0): TokenLogprob[] {
  const bytes = (token: string) => [...Buffer.from(token, 'utf8')];
  return tokenPieces(text).map((token) => {
    const chosen = scripted[token.trim()];
    const logprob = chosen === undefined ? DEFAULT_LOGPROB : Math.log(chosen);
    if (top <= 0) return { token, logprob, bytes: bytes(token) };
    const alternative = token.trim() === 'true' ? 'false' : token.trim() === 'false' ? 'true' : '<alt>';
    const rest = Math.log(Math.max(1e-9, 1 - Math.exp(logprob)));
    const top_logprobs = [
      { token, logprob, bytes: bytes(token) },
      { token: alternative, logprob: rest, bytes: bytes(alternative) },
    ].slice(0, top);
    return { token, logprob, bytes: bytes(token), top_logprobs };
  });
}
