/** What every judge call sends unless a caller asks otherwise: repeatable, with room for the reasoning. */
export const JUDGE_SAMPLING = { temperature: 0, maxTokens: 2048 } as const;

/** One judge question to a backend whose client the caller holds (Bedrock's, OpenAI's). */
export interface StructuredCallOptions<Client> {
  client: Client;
  model: string;
  system: string;
  prompt: string;
  /** The answer's JSON schema, which each backend puts to the model its own way (see its call). */
  jsonSchema: Record<string, unknown>;
  /** 0 unless a caller deliberately wants a less repeatable judge. */
  temperature?: number;
  maxTokens?: number;
}

/** A backend's answer to one judge question. */
export interface StructuredCallResult {
  /** The answer unparsed: core validates it, so a garbled answer gets core's repair, then a judge error. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
  retries: number;
  /** The answer's last tokens with their log-probabilities, where the server returns them. */
  tokens?: { token: string; logprob: number }[];
}

/**
 * Tokens kept of an answer: the decision closes a verdict's JSON, so its last tokens hold it, and the call
 * cache keeps a few dozen small entries per answer instead of hundreds.
 */
export const ANSWER_TAIL_TOKENS = 24;

/** The last ANSWER_TAIL_TOKENS of a server's token list, as { token, logprob }; undefined when it sent none. */
export function answerTail(
  tokens: readonly { token: string; logprob: number }[] | null | undefined,
): { token: string; logprob: number }[] | undefined {
  if (!tokens || tokens.length === 0) return undefined;
  return tokens.slice(-ANSWER_TAIL_TOKENS).map(({ token, logprob }) => ({ token, logprob }));
}
