import { type CacheMode, JUDGE_STYLES, parseShard } from '@evalpacks/core/runner';
import { z } from 'zod';
import { BACKEND_OPTIONS, backendSchema, DEFAULT_BACKEND, unusedBackendFlags } from '../backends/registry.ts';
import { defaultAgentModel } from '../backends/roles.ts';
import { REPORTERS } from '../output/file-reports.ts';
import { UsageError } from '../usage-error.ts';
import { flakyNeedsRepeats, maxCostSchema, maxFlakySchema, RUN_LIMITS } from './run-limits.ts';
import { SplitOptionSchema } from './split-option.ts';

/** `--judge-style`, shared by eval and compare. */
export const JudgeStyleSchema = z
  .enum(JUDGE_STYLES, { error: `--judge-style must be one of: ${JUDGE_STYLES.join(', ')}` })
  .default('structured');

/** `--reporter json,junit --reporter markdown`: every name, each once, in the order given. */
export const reporterList = z
  // The command line collects a list; code may pass one string as well (the engine API).
  .union([z.array(z.string()), z.string()], { error: '--reporter takes names such as console or json,junit' })
  .transform((given) => {
    const values = typeof given === 'string' ? [given] : given;
    return [...new Set(values.flatMap((value) => value.split(',')).map((name) => name.trim()))];
  })
  .pipe(
    z.array(
      z.enum(REPORTERS, { error: (issue) => `unknown --reporter "${issue.input}" (known: ${REPORTERS.join(', ')})` }),
    ),
  );

/** 0.8 or 80%: the share of case results that must pass for exit code 0. */
export const passRate = z
  // A string as typed; a number as code passes it (the engine API).
  .union([z.string(), z.number()], { error: '--min-pass-rate must be a number such as 0.8 or 80%' })
  .transform((given) => {
    const text = String(given).trim();
    return text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  })
  .pipe(
    z
      .number({ error: '--min-pass-rate must be a number such as 0.8 or 80%' })
      .min(0, '--min-pass-rate must be between 0 and 1 (or 0% and 100%)')
      .max(1, '--min-pass-rate must be between 0 and 1 (or 0% and 100%)'),
  );

const runId = (flag: string) =>
  z.coerce
    .number({ error: `${flag} takes a run number (see pnpm history)` })
    .int(`${flag} takes a run number`)
    .min(1);

/** The eval command's flags after commander has read them; every rule a user can break lives here. */
export const EvalOptionsSchema = z
  .object({
    /** Optional with --resume / --rejudge, whose stored run names its pack. */
    domain: z.string().min(1).optional(),
    pack: z.string().min(1).optional(),
    variant: z.string().optional(),
    prompt: z.string().optional(),
    testCase: z.array(z.string()).optional(),
    /** The cases of one split; absent: all of them. */
    split: SplitOptionSchema,
    backend: backendSchema('--backend').default(DEFAULT_BACKEND),
    /** Defaults to --backend. */
    judgeBackend: backendSchema('--judge-backend').optional(),
    /** Defaults to the backend's default model. */
    model: z.string().min(1).optional(),
    judgeModel: z.string().min(1).optional(),
    judgeStyle: JudgeStyleSchema,
    ...BACKEND_OPTIONS.shape,
    maxCost: maxCostSchema,
    structuralOnly: z.boolean().default(false),
    skipStructural: z.boolean().default(false),
    judgeAlways: z.boolean().default(false),
    ...RUN_LIMITS,
    ci: z.boolean().default(false),
    quiet: z.boolean().default(false),
    color: z.boolean().default(true),
    store: z.string().min(1).optional(),
    cache: z.boolean().default(true),
    offline: z.boolean().default(false),
    /** true: the newest unfinished run; a number: that run. */
    resume: z.union([z.literal(true), runId('--resume')]).optional(),
    rejudge: runId('--rejudge').optional(),
    reporter: reporterList.default(['console']),
    out: z.string().min(1).optional(),
    minPassRate: passRate.optional(),
    /** What --min-pass-rate holds: the raw case pass rate, or the judge-corrected findings rate. */
    gate: z.enum(['raw', 'corrected'], { error: '--gate must be raw or corrected' }).optional(),
    /** The decision-token probability below which a verdict is low-confidence (default 0.8). */
    lowConfidence: z.coerce
      .number({ error: '--low-confidence must be a probability such as 0.8' })
      .gt(0, '--low-confidence must be above 0 and at most 1')
      .max(1, '--low-confidence must be above 0 and at most 1')
      .optional(),
    maxFlaky: maxFlakySchema,
    /** One part of the cases, `I/N`, for CI jobs in parallel; `pnpm merge` joins the parts. */
    shard: z
      .string()
      .transform((text, ctx) => {
        try {
          return parseShard(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `--shard ${(error as Error).message}` });
          return z.NEVER;
        }
      })
      .optional(),
  })
  .refine((o) => o.domain || o.pack || o.resume || o.rejudge, {
    message: 'missing --domain NAME (see --list) or --pack PATH',
  })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' })
  .refine((o) => !(o.structuralOnly && o.skipStructural), {
    message: '--structural-only and --skip-structural together would check nothing',
  })
  .refine((o) => !(o.prompt && o.variant), { message: 'use either --variant NAME or --prompt FILE, not both' })
  .superRefine((o, ctx) => {
    const unused = unusedBackendFlags(o, [o.backend, o.judgeBackend ?? o.backend]);
    if (unused) ctx.addIssue({ code: 'custom', message: unused });
  })
  .refine((o) => o.gate !== 'corrected' || o.minPassRate !== undefined, {
    message: '--gate corrected says what --min-pass-rate holds; give --min-pass-rate too',
  })
  .refine((o) => !(o.offline && !o.cache), {
    message: '--offline answers only from the cache; --no-cache contradicts it',
  })
  .refine((o) => o.resume || o.rejudge || flakyNeedsRepeats.check(o), { message: flakyNeedsRepeats.message })
  .refine((o) => !(o.resume && o.rejudge), { message: 'use either --resume or --rejudge, not both' })
  .refine((o) => !(o.shard && o.rejudge), { message: '--rejudge judges the stored run as it is; drop --shard' })
  .refine((o) => !(o.rejudge && (o.prompt || o.variant || o.testCase || o.pack || o.repeat > 1 || o.split)), {
    message:
      '--rejudge uses the pack, prompt, cases and epochs of the stored run; drop --pack/--variant/--prompt/--test-case/--repeat/--split',
  })
  .transform((o) => ({
    ...o,
    model: o.model ?? defaultAgentModel(o.backend),
  }));

export type EvalOptions = z.infer<typeof EvalOptionsSchema>;

export function parseEvalOptions(raw: Record<string, unknown>): EvalOptions {
  const parsed = EvalOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  return parsed.data;
}

/** --offline reads only the cache, --no-cache only writes it, the default does both. */
export function cacheMode(options: EvalOptions): CacheMode {
  return options.offline ? 'offline' : options.cache ? 'use' : 'refresh';
}
