import { z } from 'zod';

/**
 * The Ollama backend's own flags. They move into the backend registry's Ollama entry once it exists;
 * until then eval reads them through EvalOptionsSchema.
 */

/** `--think on|off|low|medium|high` as Ollama's `think`: a switch, or a level for models that take one. */
const think = (flag: string) =>
  z
    .enum(['on', 'off', 'low', 'medium', 'high'], { error: `${flag} must be on, off, low, medium or high` })
    .transform((value) => (value === 'on' ? true : value === 'off' ? false : value))
    .optional();

const numCtx = z
  .union([
    z.literal('auto'),
    z.coerce
      .number({ error: '--num-ctx must be auto or a number of tokens' })
      .int('--num-ctx must be a whole number of tokens')
      .min(512, '--num-ctx must be at least 512')
      .max(1_048_576, '--num-ctx must be at most 1048576'),
  ])
  .default('auto');

export const OllamaFlagsSchema = z.object({
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
    .default(5),
});
export type OllamaFlags = z.infer<typeof OllamaFlagsSchema>;
