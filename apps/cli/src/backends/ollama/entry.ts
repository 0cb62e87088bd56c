import { z } from 'zod';
import { defineBackend } from '../backend-entry.ts';
import { ollamaHostSpecs, ollamaHostsSchema } from './hosts-option.ts';
import { OLLAMA_FLAGS, OllamaFlagsSchema } from './options.ts';

export const DEFAULT_OLLAMA_MODEL = 'qwen3.5:4b';

/** A model server on this machine or the network, reached with the `ollama` client. */
export const ollama = defineBackend({
  name: 'ollama',
  flags: [
    {
      key: 'ollamaHost',
      flags: '--ollama-host <url>',
      help: 'Ollama server; several (repeatable or comma-separated) share the calls, --concurrency on each or URL#N',
      default: '$OLLAMA_HOST or http://127.0.0.1:11434',
      repeatable: true,
    },
    ...OLLAMA_FLAGS,
  ],
  options: z.object({ ollamaHost: ollamaHostsSchema, ...OllamaFlagsSchema.shape }),
  defaults: { agent: DEFAULT_OLLAMA_MODEL, agentLabel: DEFAULT_OLLAMA_MODEL },
  connect: async (request) => (await import('./connect.ts')).connectOllama(request),
  callsAtOnce: (options, concurrency) =>
    ollamaHostSpecs(options.ollamaHost, concurrency).reduce((sum, host) => sum + host.calls, 0),
});
