import type { CacheMode } from '@evalpacks/core/runner';
import { z } from 'zod';
import { BACKEND_OPTIONS, unusedBackendFlags } from '../backends/registry.ts';
import { defaultAgentModel } from '../backends/roles.ts';
import { UsageError } from '../usage-error.ts';
import { EVAL_FLAGS } from './eval-flags.ts';
import { shapeFor } from './flag-table.ts';
import { flakyNeedsRepeats } from './run-limits.ts';
import { SHARED_FLAGS } from './shared-flags.ts';

export { JudgeStyleSchema, passRate, reporterList } from './value-schemas.ts';

/** The eval command's flags after commander has read them; every rule a user can break lives here. */
export const EvalOptionsSchema = z
  .object({
    ...shapeFor(SHARED_FLAGS, 'eval'),
    ...shapeFor(EVAL_FLAGS, 'eval'),
    ...BACKEND_OPTIONS.shape,
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
    // The simulated user makes the judge's kind of call, so a backend's judge flags serve it too.
    const judges = [o.judgeBackend ?? o.backend, ...(o.userBackend ? [o.userBackend] : [])];
    const unused = unusedBackendFlags(o, { agents: [o.backend], judges });
    if (unused) ctx.addIssue({ code: 'custom', message: unused });
  })
  .refine((o) => !(o.offline && !o.cache), {
    message: '--offline answers only from the cache; --no-cache contradicts it',
  })
  .refine((o) => o.resume || o.rejudge || flakyNeedsRepeats.check(o), { message: flakyNeedsRepeats.message })
  .refine((o) => !(o.resume && o.rejudge), { message: 'use either --resume or --rejudge, not both' })
  .refine((o) => o.gate !== 'corrected' || o.minPassRate !== undefined, {
    message: '--gate corrected says what --min-pass-rate holds; give --min-pass-rate too',
  })
  .refine((o) => !(o.tag && o.resume), { message: '--resume finishes the run as it was tagged; drop --tag' })
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
