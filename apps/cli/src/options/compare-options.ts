import { z } from 'zod';
import { BACKEND_OPTIONS, DEFAULT_BACKEND, unusedBackendFlags } from '../backends/registry.ts';
import { defaultAgentModel } from '../backends/roles.ts';
import { UsageError } from '../usage-error.ts';
import { COMPARE_FLAGS } from './compare-flags.ts';
import { shapeFor } from './flag-table.ts';
import { flakyNeedsRepeats } from './run-limits.ts';
import type { RunRef } from './run-ref-schema.ts';
import { SHARED_FLAGS } from './shared-flags.ts';

/** The compare command's flags after commander has read them. */
export const CompareOptionsSchema = z
  .object({
    ...shapeFor(SHARED_FLAGS, 'compare'),
    ...shapeFor(COMPARE_FLAGS, 'compare'),
    ...BACKEND_OPTIONS.shape,
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
    const unused = unusedBackendFlags(o, { agents: sides, judges: [o.judgeBackend ?? backend] });
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
