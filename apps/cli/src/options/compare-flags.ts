import { z } from 'zod';
import { backendSchema } from '../backends/registry.ts';
import { defineFlags } from './flag-table.ts';
import { runRefSchema } from './run-ref-schema.ts';

const name = z.string().min(1).optional();

/** The flags of compare alone (the ones it shares are in shared-flags.ts): its two sides. */
export const COMPARE_FLAGS = defineFlags({
  baseline: {
    flags: '--baseline <name|file>',
    help: 'a variant of the pack or a prompt file',
    schema: name,
    commands: ['compare'],
    default: "the pack's default",
  },
  variant: {
    flags: '--variant <name|file>',
    help: 'the variant to compare against the baseline',
    schema: name,
    commands: ['compare'],
  },
  baselineBackend: {
    flags: '--baseline-backend <name>',
    help: 'where the baseline agent runs',
    schema: backendSchema('--baseline-backend').optional(),
    commands: ['compare'],
    default: '--backend',
  },
  variantBackend: {
    flags: '--variant-backend <name>',
    help: 'where the variant agent runs',
    schema: backendSchema('--variant-backend').optional(),
    commands: ['compare'],
    default: '--backend',
  },
  baselineModel: {
    flags: '--baseline-model <name>',
    help: 'agent model of the baseline side',
    schema: name,
    commands: ['compare'],
  },
  variantModel: {
    flags: '--variant-model <name>',
    help: 'agent model of the variant side',
    schema: name,
    commands: ['compare'],
  },
  seed: {
    flags: '--seed <n>',
    help: 'seed of the permutation test when it samples',
    schema: z.coerce.number({ error: '--seed must be a number' }).int('--seed must be a whole number').default(1),
    commands: ['compare'],
  },
  runs: {
    flags: '--runs <ids...>',
    help: 'compare two stored runs (baseline, variant) with no model call (see pnpm history)',
    /** Two stored runs to compare instead of running anything (the variant's alone with --baseline-run). */
    schema: z
      .array(runRefSchema('--runs'), { error: '--runs takes two run numbers (see pnpm history)' })
      .min(1, '--runs takes two run numbers (see pnpm history)')
      .max(2, '--runs takes two run numbers (see pnpm history)')
      .optional(),
    commands: ['compare'],
  },
  baselineRun: {
    flags: '--baseline-run <ref>',
    help: "the baseline of --runs VARIANT: a run number or latest:TAG (eval --tag's newest)",
    schema: runRefSchema('--baseline-run').optional(),
    commands: ['compare'],
  },
  gate: {
    flags: '--gate <figure>',
    help: "what the verdict rests on: raw (the judge's verdicts) or corrected (judge-corrected differences)",
    /** What compare's verdict (and exit code) rests on: the raw figures, or the judge-corrected differences. */
    schema: z.enum(['raw', 'corrected'], { error: '--gate must be raw or corrected' }).optional(),
    commands: ['compare'],
    default: 'raw',
  },
  out: {
    flags: '--out <dir>',
    help: 'where comparison.{json,xml,md,html} go',
    schema: z.string().min(1).optional(),
    commands: ['compare'],
    default: '.evalpacks/reports/compare-B-V',
  },
});
