import { InfrastructureError, InputError, redactUrls, visible } from '@evalpacks/core';
import { UsageError } from './usage-error.ts';

/**
 * One line a person can act on: what went wrong and, for infrastructure, how to fix it. Messages may quote
 * an agent's reply, a case file or a URL, so control characters are made visible and URL secrets redacted.
 */
export function formatError(error: unknown): string {
  return visible(redactUrls(describeError(error)));
}

function describeError(error: unknown): string {
  if (error instanceof InfrastructureError) return `evalpacks: ${error.message}. Fix: ${error.fix}`;
  if (error instanceof UsageError || error instanceof InputError) return `evalpacks: ${error.message}`;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `evalpacks: unexpected error: ${message}`;
}
