import { z } from 'zod';
import { backendSchema } from '../backends/registry.ts';
import { defineFlags } from './flag-table.ts';

const name = z.string().min(1).optional();

const runId = (flag: string) =>
  z.coerce
    .number({ error: `${flag} takes two run numbers (see pnpm history)` })
    .int(`${flag} takes two run numbers`)
    .min(1, `${flag} takes two run numbers`);

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
    schema: z
      .tuple([runId('--runs'), runId('--runs')], { error: '--runs takes two run numbers (see pnpm history)' })
      .optional(),
    commands: ['compare'],
  },
});
