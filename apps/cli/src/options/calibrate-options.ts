import { type CacheMode, JUDGE_STYLES } from '@evalpacks/core/runner';
import { z } from 'zod';
import { BACKEND_OPTIONS, backendSchema, DEFAULT_BACKEND, unusedBackendFlags } from '../backends/registry.ts';
import { UsageError } from '../usage-error.ts';
import { JudgeStyleSchema } from './eval-options.ts';
import { count } from './run-limits.ts';
import { SplitOptionSchema } from './split-option.ts';

/** The calibrate command's flags after commander has read them. */
export const CalibrateOptionsSchema = z
  .object({
    domain: z.string().min(1).optional(),
    pack: z.string().min(1).optional(),
    /** Only the labels of cases in one split: tune the judge on dev, confirm it on test. */
    split: SplitOptionSchema,
    judgeBackend: backendSchema('--judge-backend').default(DEFAULT_BACKEND),
    judgeModel: z.string().min(1).optional(),
    judgeStyle: JudgeStyleSchema,
    /** A judge prompt file (Steps and Narrowing), or "core" for core's prompt without the pack's judge.md. */
    judgePrompt: z.string().min(1).optional(),
    versusBackend: backendSchema('--versus-backend').optional(),
    versusModel: z.string().min(1).optional(),
    versusStyle: z
      .enum(JUDGE_STYLES, { error: `--versus-style must be one of: ${JUDGE_STYLES.join(', ')}` })
      .optional(),
    versusPrompt: z.string().min(1).optional(),
    minKappa: z.coerce
      .number({ error: '--min-kappa must be a number between -1 and 1' })
      .min(-1, '--min-kappa must be between -1 and 1')
      .max(1, '--min-kappa must be between -1 and 1')
      .optional(),
    export: z.boolean().default(false),
    offline: z.boolean().default(false),
    store: z.string().min(1).optional(),
    ...BACKEND_OPTIONS.shape,
    concurrency: count('--concurrency', 256).default(4),
    timeout: count('--timeout', 3600).default(300),
  })
  .refine((o) => o.domain || o.pack, { message: 'missing --domain NAME (see pnpm eval --list) or --pack PATH' })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' })
  .superRefine((o, ctx) => {
    const unused = unusedBackendFlags(o, { agents: [], judges: [o.judgeBackend, o.versusBackend ?? o.judgeBackend] });
    if (unused) ctx.addIssue({ code: 'custom', message: unused });
  })
  .refine(
    (o) => !(o.export && (o.versusModel || o.versusPrompt || o.versusStyle || o.minKappa !== undefined || o.split)),
    {
      message: '--export only writes the labels; run calibrate again without it to measure the judge',
    },
  );

export type CalibrateOptions = z.infer<typeof CalibrateOptionsSchema>;

export function parseCalibrateOptions(raw: Record<string, unknown>): CalibrateOptions {
  const parsed = CalibrateOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  return parsed.data;
}

export const calibrateCacheMode = (options: CalibrateOptions): CacheMode => (options.offline ? 'offline' : 'use');

/** Whether a second judge was asked for: another model, backend, style or prompt. */
export const hasVersus = (o: CalibrateOptions) =>
  Boolean(o.versusModel || o.versusBackend || o.versusStyle || o.versusPrompt);
