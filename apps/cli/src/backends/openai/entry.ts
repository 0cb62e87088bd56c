import { z } from 'zod';
import { defineBackend } from '../backend-entry.ts';

/**
 * An OpenAI-compatible server (vLLM, SGLang, llama.cpp's server, LM Studio) reached with the `openai`
 * client; the API key, when the server wants one, comes from OPENAI_API_KEY only. It has no default
 * model: each server serves what it was started with.
 */
export const openai = defineBackend({
  name: 'openai',
  flags: [
    {
      key: 'baseUrl',
      flags: '--base-url <url>',
      help: 'OpenAI-compatible server API root, e.g. http://127.0.0.1:8000/v1 (key from $OPENAI_API_KEY)',
    },
  ],
  options: z.object({
    baseUrl: z.url({ protocol: /^https?$/, error: '--base-url must be an http:// or https:// URL' }).optional(),
  }),
  defaults: { agent: '', agentLabel: 'none (pass --model)' },
  connect: async (request) => (await import('./connect.ts')).connectOpenAI(request),
});
