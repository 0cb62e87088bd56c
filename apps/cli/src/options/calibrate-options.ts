import type { CacheMode } from '@evalpacks/core/runner';
import { z } from 'zod';
import { BACKEND_OPTIONS, unusedBackendFlags } from '../backends/registry.ts';
import { UsageError } from '../usage-error.ts';
import { CALIBRATE_FLAGS } from './calibrate-flags.ts';
import { shapeFor } from './flag-table.ts';
import { SHARED_FLAGS } from './shared-flags.ts';

/** The calibrate command's flags after commander has read them. */
export const CalibrateOptionsSchema = z
  .object({
    ...shapeFor(SHARED_FLAGS, 'calibrate'),
    ...shapeFor(CALIBRATE_FLAGS, 'calibrate'),
    ...BACKEND_OPTIONS.shape,
  })
  .refine((o) => o.domain || o.pack, { message: 'missing --domain NAME (see pnpm eval --list) or --pack PATH' })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' })
  .superRefine((o, ctx) => {
    const unused = unusedBackendFlags(o, {
      agents: [],
      judges: [o.judgeBackend, o.versusBackend ?? o.judgeBackend, ...(o.tune && o.tuneBackend ? [o.tuneBackend] : [])],
    });
    if (unused) ctx.addIssue({ code: 'custom', message: unused });
  })
  .refine(
    (o) => !(o.export && (o.versusModel || o.versusPrompt || o.versusStyle || o.minKappa !== undefined || o.split)),
    {
      message: '--export only writes the labels; run calibrate again without it to measure the judge',
    },
  )
  .refine(
    (o) => !(o.queue && (o.export || o.versusModel || o.versusPrompt || o.versusStyle || o.minKappa !== undefined)),
    {
      message: '--queue only lists what to label next; run calibrate again without it to measure the judge',
    },
  )
  .superRefine((o, ctx) => {
    const problem = tuneProblem(o);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What --tune cannot be combined with, and the tuning flags that need it. */
function tuneProblem(o: {
  tune: boolean;
  write: boolean;
  tuneFromNotes: boolean;
  tuneModel?: string | undefined;
  tuneBackend?: string | undefined;
  folds?: number | undefined;
  export: boolean;
  queue?: unknown;
  judgePrompt?: string | undefined;
  versusModel?: string | undefined;
  versusPrompt?: string | undefined;
  versusStyle?: string | undefined;
  versusBackend?: string | undefined;
}): string | undefined {
  if (!o.tune) {
    const needs = [
      o.write && '--write',
      o.tuneFromNotes && '--tune-from-notes',
      o.tuneModel && '--tune-model',
      o.tuneBackend && '--tune-backend',
      o.folds !== undefined && '--folds',
    ].find(Boolean);
    return needs ? `${needs} goes with --tune` : undefined;
  }
  if (o.export || o.queue) return '--tune cannot be combined with --export or --queue';
  if (o.versusModel || o.versusPrompt || o.versusStyle || o.versusBackend) {
    return "--tune measures one judge (the pack's judge.md and its additions); drop the --versus-* flags";
  }
  if (o.judgePrompt) return "--tune tunes the pack's judge.md; drop --judge-prompt";
  if (o.tuneFromNotes && (o.tuneModel || o.tuneBackend)) {
    return '--tune-from-notes asks no model; drop --tune-model and --tune-backend';
  }
  return undefined;
}

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
