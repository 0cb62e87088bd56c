import { InfrastructureError } from '@evalpacks/core/runner';

/** What someone without a model server (or model) can do instead of fixing that first. */
export const OFFLINE_HINT =
  'To try evalpacks without a model, add --offline (the pack answers from its sample fixtures).';

/**
 * An eval that could not start because the local model server is not there or lacks the model (the
 * default backend, where a newcomer starts): its one-line fix also names --offline, which needs no model.
 * Other errors, cloud ones included (their fix is a setting to correct), are returned as they are.
 */
export async function withOfflineHint(error: unknown): Promise<unknown> {
  if (!(error instanceof InfrastructureError)) return error;
  // Loaded already: the Ollama backend that threw it imports the same module.
  const { OllamaUnavailableError } = await import('@evalpacks/models');
  if (!(error instanceof OllamaUnavailableError) || error.kind === 'missing-capability') return error;
  return new InfrastructureError(error.message, `${error.fix} ${OFFLINE_HINT}`);
}
