import { z } from 'zod';
import { BACKEND_OPTIONS, backendSchema, DEFAULT_BACKEND, unusedBackendFlags } from '../backends/registry.ts';
import { defaultAgentModel } from '../backends/roles.ts';
import { type RunRef, runRefSchema } from '../run/run-ref.ts';
import { UsageError } from '../usage-error.ts';
import { JudgeStyleSchema, reporterList } from './eval-options.ts';
import { flakyNeedsRepeats, maxCostSchema, maxFlakySchema, RUN_LIMITS } from './run-limits.ts';
import { SplitOptionSchema } from './split-option.ts';

/** The compare command's flags after commander has read them. */
export const CompareOptionsSchema = z
  .object({
    domain: z.string().min(1).optional(),
    /** A pack folder instead of a domain, as with eval --pack. */
    pack: z.string().min(1).optional(),
    /** A variant name of the pack or a prompt file; the pack's default variant when absent. */
    baseline: z.string().min(1).optional(),
    variant: z.string().min(1).optional(),
    /** Where both sides' agents run, unless a side says otherwise. */
    /** Absent: the registry's default backend. */
    backend: backendSchema('--backend').optional(),
    baselineBackend: backendSchema('--baseline-backend').optional(),
    variantBackend: backendSchema('--variant-backend').optional(),
    /** One judge for both sides; defaults to --backend. */
    judgeBackend: backendSchema('--judge-backend').optional(),
    /** The agent model of the sides on --backend; defaults to that backend's default model. */
    model: z.string().min(1).optional(),
    baselineModel: z.string().min(1).optional(),
    variantModel: z.string().min(1).optional(),
    judgeModel: z.string().min(1).optional(),
    judgeStyle: JudgeStyleSchema,
    ...BACKEND_OPTIONS.shape,
    testCase: z.array(z.string()).optional(),
    /** The cases of one split on both sides; with --runs, the split both runs must have run. */
    split: SplitOptionSchema,
    structuralOnly: z.boolean().default(false),
    skipStructural: z.boolean().default(false),
    ...RUN_LIMITS,
    maxFlaky: maxFlakySchema,
    maxCost: maxCostSchema,
    seed: z.coerce.number({ error: '--seed must be a number' }).int('--seed must be a whole number').default(1),
    store: z.string().min(1).optional(),
    /** false with --no-cache; absent means true. */
    cache: z.boolean().optional(),
    /** Two stored runs to compare instead of running anything (the variant's alone with --baseline-run). */
    runs: z
      .array(runRefSchema('--runs'), { error: '--runs takes two run numbers (see pnpm history)' })
      .min(1, '--runs takes two run numbers (see pnpm history)')
      .max(2, '--runs takes two run numbers (see pnpm history)')
      .optional(),
    /** The baseline side of --runs as a run number or latest:TAG (the newest completed run eval --tag TAG made). */
    baselineRun: runRefSchema('--baseline-run').optional(),
    ci: z.boolean().default(false),
    color: z.boolean().default(true),
    /** console and the comparison's files: comparison.json, .xml (junit), .md (markdown), .html. */
    reporter: reporterList.default(['console']),
    /** Where the comparison's files go (default: reports/compare-B-V beside the store). */
    out: z.string().min(1).optional(),
  })
  .refine((o) => !o.baselineRun || o.runs?.length === 1, {
    message: '--baseline-run needs the run to compare with it: --runs VARIANT-RUN (one run number)',
  })
  .refine((o) => !o.runs || o.baselineRun || o.runs.length === 2, {
    message: '--runs takes two run numbers (see pnpm history)',
  })
  .refine((o) => o.domain || o.pack || o.runs, {
    message: 'missing --domain NAME (see pnpm eval --list) or --pack PATH',
  })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' })
  .refine((o) => !(o.structuralOnly && o.skipStructural), {
    message: '--structural-only and --skip-structural together would check nothing',
  })
  .refine((o) => o.runs || o.variant !== undefined || o.variantModel !== undefined || o.variantBackend !== undefined, {
    message: 'nothing to compare: give --variant NAME|FILE, --variant-model MODEL, or both',
  })
  .refine((o) => !(o.runs && o.maxCost !== undefined), { message: '--runs makes no model call; drop --max-cost' })
  .refine((o) => o.runs || flakyNeedsRepeats.check(o), { message: flakyNeedsRepeats.message })
  .superRefine((o, ctx) => {
    const backend = o.backend ?? DEFAULT_BACKEND;
    const sides = [o.baselineBackend ?? backend, o.variantBackend ?? backend];
    const unused = unusedBackendFlags(o, [...sides, o.judgeBackend ?? backend]);
    if (unused) ctx.addIssue({ code: 'custom', message: unused });
  })
  .transform(({ baselineRun, runs, ...o }) => ({
    ...o,
    ...(runs && { runs: (baselineRun ? [baselineRun, runs[0]] : runs) as [RunRef, RunRef] }),
    model: o.model ?? defaultAgentModel(o.backend ?? DEFAULT_BACKEND),
  }));

export type CompareOptions = z.infer<typeof CompareOptionsSchema>;

export function parseCompareOptions(raw: Record<string, unknown>): CompareOptions {
  const parsed = CompareOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  return parsed.data;
}
