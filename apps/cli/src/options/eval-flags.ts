import { parseShard } from '@evalpacks/core/runner';
import { z } from 'zod';
import { defineFlags } from './flag-table.ts';
import { autoShard, isAutoShard } from './shard-auto.ts';
import { TagSchema } from './value-schemas.ts';

const runId = (flag: string) =>
  z.coerce
    .number({ error: `${flag} takes a run number (see pnpm history)` })
    .int(`${flag} takes a run number`)
    .min(1);

/** The flags of eval alone (the ones it shares are in shared-flags.ts). */
export const EVAL_FLAGS = defineFlags({
  list: {
    flags: '--list',
    help: 'list the packs (or the one --domain/--pack names): cases, splits, bait, power, variants',
    schema: z.boolean().optional(),
    commands: ['eval'],
    engine: false,
  },
  variant: {
    flags: '--variant <name>',
    help: "one of the pack's prompt variants",
    schema: z.string().optional(),
    commands: ['eval'],
    resume: true,
    default: 'baseline',
  },
  prompt: {
    flags: '--prompt <file>',
    help: 'a RISEN prompt file to use instead of a named variant',
    schema: z.string().optional(),
    commands: ['eval'],
    resume: true,
  },
  judgeAlways: {
    flags: '--judge-always',
    help: 'judge a case even when its structural checks failed',
    schema: z.boolean().default(false),
    commands: ['eval'],
    resume: true,
  },
  quiet: {
    flags: '--quiet',
    help: 'print only the summary: no header, case blocks or progress',
    schema: z.boolean().default(false),
    commands: ['eval'],
  },
  resume: {
    flags: '--resume [run]',
    help: 'finish an interrupted run',
    /** true: the newest unfinished run; a number: that run. */
    schema: z.union([z.literal(true), runId('--resume')]).optional(),
    commands: ['eval'],
    default: 'the newest unfinished one',
  },
  rejudge: {
    flags: '--rejudge <run>',
    help: "re-run checks and the judge on a stored run's answers, as a new run",
    schema: runId('--rejudge').optional(),
    commands: ['eval'],
  },
  out: {
    flags: '--out <dir>',
    help: 'where file reporters write',
    schema: z.string().min(1).optional(),
    commands: ['eval'],
    default: '.evalpacks/reports/run-N',
  },
  gate: {
    flags: '--gate <figure>',
    help: 'what --min-pass-rate holds: raw (the case pass rate) or corrected (judge-corrected findings)',
    /** What --min-pass-rate holds: the raw case pass rate, or the judge-corrected findings rate. */
    schema: z.enum(['raw', 'corrected'], { error: '--gate must be raw or corrected' }).optional(),
    commands: ['eval'],
    default: 'raw',
  },
  lowConfidence: {
    flags: '--low-confidence <p>',
    help: 'mark and count verdicts whose decision token is below this probability',
    /** The decision-token probability below which a verdict is low-confidence. */
    schema: z.coerce
      .number({ error: '--low-confidence must be a probability such as 0.8' })
      .gt(0, '--low-confidence must be above 0 and at most 1')
      .max(1, '--low-confidence must be above 0 and at most 1')
      .optional(),
    commands: ['eval'],
    default: '0.8',
  },
  tag: {
    flags: '--tag <name>',
    help: 'store the run with this name (a branch, a release) for compare --baseline-run latest:NAME',
    /** A name the run is stored with (a branch, a release) for compare --baseline-run latest:NAME to find. */
    schema: TagSchema.optional(),
    commands: ['eval'],
  },
  shard: {
    flags: '--shard <i/n>',
    help: 'run part I of N of the cases (stable by case id), e.g. one CI job each; auto[/N]: from the CI environment; see merge',
    /** One part of the cases, `I/N`, for CI jobs in parallel (`auto`: from the CI's environment); `pnpm merge` joins the parts. */
    schema: z
      .string()
      .transform((text, ctx) => {
        try {
          return parseShard(isAutoShard(text) ? autoShard(text, process.env) : text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `--shard ${(error as Error).message}` });
          return z.NEVER;
        }
      })
      .optional(),
    commands: ['eval'],
    resume: true,
  },
});
