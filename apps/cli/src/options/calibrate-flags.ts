import { JUDGE_STYLES } from '@evalpacks/core/runner';
import { z } from 'zod';
import { backendSchema } from '../backends/registry.ts';
import { defineFlags } from './flag-table.ts';

const name = z.string().min(1).optional();

/** The flags of calibrate alone (the ones it shares are in shared-flags.ts): its judge and a second one. */
export const CALIBRATE_FLAGS = defineFlags({
  /** A judge prompt file (Steps and Narrowing), or "core" for core's prompt without the pack's judge.md. */
  judgePrompt: {
    flags: '--judge-prompt <file>',
    help: "a judge prompt file (# Steps, # Narrowing), or core: without the pack's judge.md",
    schema: name,
    commands: ['calibrate'],
  },
  versusModel: {
    flags: '--versus-model <name>',
    help: 'compare with a second judge model on the same labels',
    schema: name,
    commands: ['calibrate'],
  },
  versusBackend: {
    flags: '--versus-backend <name>',
    help: 'where the second judge runs',
    schema: backendSchema('--versus-backend').optional(),
    commands: ['calibrate'],
    default: '--judge-backend',
  },
  versusStyle: {
    flags: '--versus-style <style>',
    help: 'compare with the other judge style',
    schema: z.enum(JUDGE_STYLES, { error: `--versus-style must be one of: ${JUDGE_STYLES.join(', ')}` }).optional(),
    commands: ['calibrate'],
  },
  versusPrompt: {
    flags: '--versus-prompt <file>',
    help: 'compare with a second judge prompt file (or core)',
    schema: name,
    commands: ['calibrate'],
  },
  minKappa: {
    flags: '--min-kappa <k>',
    help: "exit 1 when the judge's kappa is below K (for CI)",
    schema: z.coerce
      .number({ error: '--min-kappa must be a number between -1 and 1' })
      .min(-1, '--min-kappa must be between -1 and 1')
      .max(1, '--min-kappa must be between -1 and 1')
      .optional(),
    commands: ['calibrate'],
  },
  queue: {
    flags: '--queue [run]',
    help: 'list the verdicts of a run nobody labelled yet, most worth a label first, with why, and stop',
    /** true: the pack's newest completed run; a number: that run. */
    schema: z
      .union([
        z.literal(true),
        z.coerce
          .number({ error: '--queue takes a run number (see pnpm history)' })
          .int('--queue takes a run number')
          .min(1, '--queue takes a run number'),
      ])
      .optional(),
    commands: ['calibrate'],
    default: "the pack's newest completed run",
  },
  export: {
    flags: '--export',
    help: "write the store's labels to the pack's calibration/labels.jsonl and stop",
    schema: z.boolean().default(false),
    commands: ['calibrate'],
  },
  tune: {
    flags: '--tune',
    help: "propose additions to the pack's judge.md from the disagreements and measure them by k-fold cross-validation",
    schema: z.boolean().default(false),
    commands: ['calibrate'],
  },
  folds: {
    flags: '--folds <k>',
    help: 'with --tune: folds of the cross-validation (each label held out once)',
    schema: z.coerce
      .number({ error: '--folds must be a whole number of at least 2' })
      .int('--folds must be a whole number of at least 2')
      .min(2, '--folds must be a whole number of at least 2')
      .optional(),
    commands: ['calibrate'],
    default: '5',
  },
  tuneModel: {
    flags: '--tune-model <name>',
    help: 'with --tune: the model that proposes the additions',
    schema: name,
    commands: ['calibrate'],
    default: '--judge-model',
  },
  tuneBackend: {
    flags: '--tune-backend <name>',
    help: 'with --tune: where the tuning model runs',
    schema: backendSchema('--tune-backend').optional(),
    commands: ['calibrate'],
    default: '--judge-backend',
  },
  tuneFromNotes: {
    flags: '--tune-from-notes',
    help: "with --tune: propose the labels' notes (where the judge was wrong) as Narrowing lines; no tuning model",
    schema: z.boolean().default(false),
    commands: ['calibrate'],
  },
  write: {
    flags: '--write',
    help: 'with --tune: write the tuned judge.md, only when held-out agreement improved',
    schema: z.boolean().default(false),
    commands: ['calibrate'],
  },
});
