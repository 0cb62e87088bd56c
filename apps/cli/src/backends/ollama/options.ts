import { z } from 'zod';
import type { BackendFlag } from '../backend-entry.ts';

/** How Ollama is asked: context per call, thinking per role, the agent's answer limit, retries. */

/** `--think on|off|low|medium|high` as Ollama's `think`: a switch, or a level for models that take one. */
const think = (flag: string) =>
  // Idempotent, as the options are read twice (by the command, then by the backend's connect).
  z
    .preprocess(
      (value) => (value === 'on' ? true : value === 'off' ? false : value),
      z.union([z.boolean(), z.enum(['low', 'medium', 'high'])], {
        error: `${flag} must be on, off, low, medium or high`,
      }),
    )
    .optional();

const NUM_CTX_ERROR = '--num-ctx must be auto or a whole number of tokens from 512 to 1048576';
const numCtx = z
  .union(
    [z.literal('auto'), z.coerce.number().int(NUM_CTX_ERROR).min(512, NUM_CTX_ERROR).max(1_048_576, NUM_CTX_ERROR)],
    {
      error: NUM_CTX_ERROR,
    },
  )
  .optional();

export const SCHEDULES = ['phased', 'interleaved', 'auto'] as const;

export const OllamaFlagsSchema = z.object({
  schedule: z.enum(SCHEDULES, { error: '--schedule must be phased, interleaved or auto' }).optional(),
  numCtx,
  think: think('--think'),
  judgeThink: think('--judge-think'),
  maxTokens: z.coerce
    .number({ error: '--max-tokens must be a number' })
    .int('--max-tokens must be a whole number')
    .min(16, '--max-tokens must be at least 16')
    .optional(),
  maxRetries: z.coerce
    .number({ error: '--max-retries must be a number' })
    .int('--max-retries must be a whole number')
    .min(0, '--max-retries must not be negative')
    .max(20, '--max-retries must be at most 20')
    .optional(),
});
/** Unset flags stay unset (so a stored run's config says only what was given); connect applies the defaults. */
export type OllamaFlags = z.infer<typeof OllamaFlagsSchema>;

export const OLLAMA_FLAGS: readonly BackendFlag[] = [
  {
    key: 'schedule',
    flags: '--schedule <mode>',
    help: 'phased: every agent call, then every judge call (one model switch); interleaved; auto: phased when a different agent and judge model share the Ollama server',
    default: 'auto',
  },
  {
    key: 'numCtx',
    flags: '--num-ctx <n>',
    help: "Ollama context per call: auto (prompt plus answer, up to the model's own) or tokens",
    default: 'auto',
  },
  {
    key: 'think',
    flags: '--think <level>',
    role: 'agent',
    help: 'Ollama agent thinking: on, off, low, medium, high',
    default: "the server's",
  },
  {
    key: 'judgeThink',
    flags: '--judge-think <level>',
    role: 'judge',
    help: 'Ollama judge thinking: on, off, low, medium, high',
    default: "the server's",
  },
  {
    key: 'maxTokens',
    flags: '--max-tokens <n>',
    role: 'agent',
    help: 'Ollama agent answer limit per turn, thinking included',
    default: '8192',
  },
  {
    key: 'maxRetries',
    flags: '--max-retries <n>',
    help: 'Ollama retries of a call failing with 5xx, a reset or a timeout',
    default: '5',
  },
];
