import { redactUrl } from '@evalpacks/core';
import { fieldOf } from '../common/cause-chain.ts';
import { createOllamaClient } from './client.ts';
import { asOllamaUnavailable, OllamaUnavailableError } from './errors.ts';

/** How long the start-up check may take: an unreachable server must be reported within two seconds. */
const PREFLIGHT_TIMEOUT_MS = 1_500;

/** Ollama's tag names: `qwen3.5:4b`; a bare `llama3` means `llama3:latest`. */
function sameModel(installed: string, wanted: string): boolean {
  const withTag = (name: string) => (name.includes(':') ? name : `${name}:latest`);
  return withTag(installed) === withTag(wanted);
}

/**
 * Checks once, before any case starts, that the server answers and has every model the run needs,
 * so a missing model is one clear line instead of a failure per case.
 */
export async function preflightOllama(host: string, models: string[]): Promise<void> {
  const client = createOllamaClient({ host, timeoutMs: PREFLIGHT_TIMEOUT_MS });
  const shown = redactUrl(host);
  let installed: string[];
  try {
    installed = (await client.list()).models.map((model) => model.name);
  } catch (error) {
    const status = fieldOf(error, 'status_code');
    if (status === 401 || status === 403) {
      throw new OllamaUnavailableError(
        'unreachable',
        `Ollama at ${shown} refused the credentials (HTTP ${status})`,
        'Check the user and password in --ollama-host / OLLAMA_HOST; they are sent to the server as Basic auth.',
        error,
      );
    }
    const unavailable = asOllamaUnavailable(error, models[0] ?? '');
    if (unavailable)
      throw new OllamaUnavailableError('unreachable', `${unavailable.message} at ${shown}`, unavailable.fix, error);
    throw new OllamaUnavailableError(
      'unreachable',
      `Ollama at ${shown} did not answer /api/tags within ${PREFLIGHT_TIMEOUT_MS} ms (${(error as Error).message})`,
      'Check that `ollama serve` is running there, or point --ollama-host / OLLAMA_HOST at a running server.',
      error,
    );
  }
  for (const model of new Set(models)) {
    if (!installed.some((name) => sameModel(name, model))) {
      throw new OllamaUnavailableError(
        'model-not-found',
        `Ollama at ${shown} has no model '${model}' (installed: ${installed.join(', ') || 'none'})`,
        `Pull it with \`ollama pull ${model}\`, or pass --model / --judge-model with an installed one.`,
        undefined,
      );
    }
  }
}
