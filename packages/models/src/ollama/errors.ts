import { InfrastructureError } from '@evalpacks/core/runner';
import { causeChain, describeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { replyTooLarge } from '../common/reply-cap.ts';
import { RetriesExhaustedError } from '../common/retry.ts';
import { PromptTooLongError, PromptTruncatedError } from './context-window.ts';
import { persistenceNote } from './transient.ts';

/**
 * Failures that no other case could survive either (server unreachable, model missing): the
 * runner aborts the whole run on an InfrastructureError and prints `fix`.
 */
export class OllamaUnavailableError extends InfrastructureError {
  override name = 'OllamaUnavailableError';
  constructor(
    readonly kind: 'unreachable' | 'model-not-found' | 'missing-capability',
    message: string,
    fix: string,
    override readonly cause: unknown,
  ) {
    super(message, fix);
  }
}

/** Returns the connection-level failure hidden in `err`, if there is one. */
export function asOllamaUnavailable(err: unknown, model: string): OllamaUnavailableError | undefined {
  for (const e of causeChain(err)) {
    if (e instanceof OllamaUnavailableError) return e;
    const code = fieldOf(e, 'code');
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
      return new OllamaUnavailableError(
        'unreachable',
        `Cannot reach the Ollama server (${code})`,
        'Start it with `ollama serve`, or point --ollama-host / OLLAMA_HOST at a running server.',
        err,
      );
    }
    // ollama-js' ResponseError is not exported from its entry point, so match it by shape.
    if (fieldOf(e, 'name') === 'ResponseError' && fieldOf(e, 'status_code') === 404) {
      return new OllamaUnavailableError(
        'model-not-found',
        `Ollama has no model '${model}': ${(e as Error).message}`,
        `Pull it with \`ollama pull ${model}\`, or choose an installed model (\`ollama list\`).`,
        err,
      );
    }
  }
  return undefined;
}

/**
 * A one-line reason for a transcript or a judge error, with the detail Strands' wrapping hides and, for
 * a transient failure that outlasted its retries, how often it was tried and what to do about it.
 */
export function describeOllamaError(err: unknown): string {
  const cut = replyTooLarge(err);
  if (cut) return cut.reason;
  const chain = causeChain(err);
  const own = chain.find((e) => e instanceof PromptTooLongError || e instanceof PromptTruncatedError);
  if (own) return (own as Error).message;
  const response = chain.find((e) => fieldOf(e, 'name') === 'ResponseError');
  if (response) {
    return `Ollama HTTP ${String(fieldOf(response, 'status_code'))}: ${(response as Error).message}${persistenceNote(err)}`;
  }
  const exhausted = chain.find((e) => e instanceof RetriesExhaustedError);
  return `${describeChain(exhausted ? exhausted.cause : err)}${persistenceNote(err)}`;
}
