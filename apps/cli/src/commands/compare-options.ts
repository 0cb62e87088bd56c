import { z } from 'zod';
import { DEFAULT_BACKEND } from '../backends/registry.ts';
import { defaultAgentModel } from '../backends/roles.ts';
import { UsageError } from '../usage-error.ts';
import { count, JudgeStyleSchema } from './eval-options.ts';
import { PolicySchema } from './policy-option.ts';

/** The compare command's flags after commander has read them. */
export const CompareOptionsSchema = z
  .object({
    domain: z.string().min(1).optional(),
    /** A pack folder instead of a domain, as with eval --pack. */
    pack: z.string().min(1).optional(),
    /** A variant name of the pack or a prompt file; the pack's default variant when absent. */
    baseline: z.string().min(1).optional(),
    variant: z.string().min(1).optional(),
    model: z.string().min(1).default(defaultAgentModel(DEFAULT_BACKEND)),
    baselineModel: z.string().min(1).optional(),
    variantModel: z.string().min(1).optional(),
    judgeModel: z.string().min(1).optional(),
    judgeStyle: JudgeStyleSchema,
    ollamaHost: z.string().optional(),
    testCase: z.array(z.string()).optional(),
    structuralOnly: z.boolean().default(false),
    skipStructural: z.boolean().default(false),
    concurrency: count('--concurrency', 256).default(4),
    maxTurns: count('--max-turns', 50).default(6),
    timeout: count('--timeout', 3600).default(300),
    repeat: count('--repeat', 1000).default(1),
    policy: PolicySchema,
    seed: z.coerce.number({ error: '--seed must be a number' }).int('--seed must be a whole number').default(1),
    ci: z.boolean().default(false),
    color: z.boolean().default(true),
  })
  .refine((o) => o.domain || o.pack, { message: 'missing --domain NAME (see pnpm eval --list) or --pack PATH' })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' })
  .refine((o) => !(o.structuralOnly && o.skipStructural), {
    message: '--structural-only and --skip-structural together would check nothing',
  })
  .refine((o) => o.variant !== undefined || o.variantModel !== undefined, {
    message: 'nothing to compare: give --variant NAME|FILE, --variant-model MODEL, or both',
  });

export type CompareOptions = z.infer<typeof CompareOptionsSchema>;

export function parseCompareOptions(raw: Record<string, unknown>): CompareOptions {
  const parsed = CompareOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  return parsed.data;
}
