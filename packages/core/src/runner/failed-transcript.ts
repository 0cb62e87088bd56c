import { redactUrls } from '../redact/redact-url.ts';
import type { Transcript } from '../schema/transcript.ts';

/**
 * The transcript of an agent call that failed: no answer, nothing spent, the failure (credentials in URLs
 * redacted) as its error, so the case is graded as an agent error and the run goes on.
 */
export function failedAgentTranscript(input: string, model: string, message: string): Transcript {
  return {
    input,
    answer: '',
    toolCalls: [],
    turns: 0,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model,
    error: redactUrls(message),
  };
}

/** What a thrown value says: its message, or itself as text. */
export const errorMessage = (error: unknown): string => (error as Error).message ?? String(error);
