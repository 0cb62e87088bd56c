import { createOpenAIClient, type OpenAIConnection } from './connection.ts';
import { asOpenAIUnavailable, describeOpenAIError, OpenAIUnavailableError } from './errors.ts';

/** A start-up check should not wait as long as a long generation may. */
const PREFLIGHT_TIMEOUT_MS = 30_000;

/**
 * Checks once, before any case starts, that the server answers `GET /v1/models` (reachable, key
 * accepted) and serves every model the run needs. Costs no tokens. Each failure is one line with its fix.
 */
export async function preflightOpenAI(connection: OpenAIConnection, models: string[]): Promise<void> {
  const client = createOpenAIClient({
    ...connection,
    timeoutMs: Math.min(connection.timeoutMs, PREFLIGHT_TIMEOUT_MS),
    retry: { maxAttempts: 1 },
  });
  const target = { baseURL: connection.baseURL, model: models[0] ?? '' };
  let served: string[];
  try {
    served = (await client.models.list()).data.map((model) => model.id);
  } catch (error) {
    throw (
      asOpenAIUnavailable(error, target) ??
      new OpenAIUnavailableError(
        'preflight-failed',
        `GET ${connection.baseURL}/models failed (${describeOpenAIError(error)})`,
        'Check --base-url (the API root, ending in /v1) and that the server is up.',
        error,
      )
    );
  }
  const missing = [...new Set(models)].filter((model) => !served.includes(model));
  if (missing.length > 0) {
    throw new OpenAIUnavailableError(
      'unknown-model',
      `The server at ${connection.baseURL} serves no model '${missing.join("', '")}' (served: ${served.join(', ') || 'none'})`,
      'Pass a served model id with --model / --judge-model.',
      undefined,
    );
  }
}
