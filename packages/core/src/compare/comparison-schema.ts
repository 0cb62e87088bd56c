/**
 * A comparison as data: what `compare --reporter json` writes to comparison.json and every compare file
 * report (Markdown, JUnit, HTML) renders, so a CI step reads the figures instead of the console's text. The
 * schema is published (ComparisonSchema) so a reader can check what it parses; JSON writes a NaN estimate
 * as null, which reads back as NaN, and a detectable difference of "nothing" as null.
 */
import { z } from 'zod';
import { ClusteredRateSchema, KindFiguresSchema } from '../grade/grade-schema.ts';
import { CorrectedFiguresSchema } from '../schema/corrected.ts';
import { CorrectedDifferencesSchema } from '../schema/corrected-difference.ts';
import { RepeatPolicySchema } from '../schema/repeat-policy.ts';
import { ModelRefSchema } from '../schema/result.ts';

const count = z.number().int().nonnegative();
const both = <T extends z.ZodType>(schema: T) => z.object({ baseline: schema, variant: schema });

/** The run a side is: from the store, as `pnpm history` lists it. */
export const ComparedRunSchema = z.object({
  /** The run's number in the store. */
  id: z.number().int().positive(),
  /** The prompt variant's name (or the prompt file's). */
  variant: z.string(),
  promptHash: z.string(),
  agent: ModelRefSchema,
  /** What the console calls this side: the variant name, or the model when only the models differ. */
  label: z.string(),
  /** `eval --tag`, when the run was given one. */
  tag: z.string().optional(),
  gitCommit: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
});
export type ComparedRun = z.infer<typeof ComparedRunSchema>;

/** A side's rates over every epoch's grading, 95% intervals clustered by case: the console's rows. */
export const ComparedFiguresSchema = z.object({
  structural: KindFiguresSchema,
  findings: KindFiguresSchema,
  /** expectedAbsent items; `passed` means not flagged. */
  absent: KindFiguresSchema,
  recall: ClusteredRateSchema,
  /** Absent when the cases hold no expectedAbsent item (no false positive could be seen). */
  precision: ClusteredRateSchema.optional(),
  /** How often expectedAbsent items were flagged: the console's "false positives" row. */
  falsePositives: ClusteredRateSchema,
  /** Every paired item's epochs. */
  items: ClusteredRateSchema,
  /** Items that passed in some epochs and failed in others. */
  flaky: count,
});

/** A side: its run, its figures, and its stored grade's judge-corrected figures when it was graded with labels. */
const ComparedSideSchema = z.object({
  run: ComparedRunSchema,
  figures: ComparedFiguresSchema,
  corrected: CorrectedFiguresSchema.optional(),
});

/** One item whose verdict under the policy changed: `gained` went from failed to passed. */
export const ItemChangeSchema = z.object({
  key: z.string(),
  kind: z.enum(['check', 'finding', 'absent', 'rubric']),
  label: z.string(),
  change: z.enum(['gained', 'lost']),
  /** As the console says it: "now caught", "no longer caught", "now failing", "now flagged", ... */
  words: z.string(),
  baseline: z.object({ passed: count, graded: count }),
  variant: z.object({ passed: count, graded: count }),
});
export type ItemChange = z.infer<typeof ItemChangeSchema>;

const sideCount = z.object({ passed: count, total: count });

export const CaseChangeSchema = z.object({
  caseId: z.string(),
  name: z.string(),
  /**
   * regressed: an item lost and none gained; improved: the reverse; mixed: both; errors: an agent or
   * judge error on a side and nothing changed besides; unchanged: none of these.
   */
  outcome: z.enum(['improved', 'regressed', 'mixed', 'errors', 'unchanged']),
  structural: both(sideCount),
  findings: both(sideCount),
  falsePositives: both(count),
  changes: z.array(ItemChangeSchema),
  /** Items graded on one side only (errors): left out of the statistics. */
  unpaired: count,
  notJudged: count,
  errors: both(z.array(z.string())),
});
export type CaseChange = z.infer<typeof CaseChangeSchema>;

export const ComparisonSchema = z.object({
  format: z.literal('evalpacks-comparison/1'),
  pack: z.string(),
  split: z.string(),
  epochs: count,
  policy: RepeatPolicySchema,
  /** The one judge of both sides; absent for structural checks only. */
  judge: ModelRefSchema.optional(),
  baseline: ComparedSideSchema,
  variant: ComparedSideSchema,
  cases: z.array(CaseChangeSchema),
  /** Every item that flipped between epochs, per side. */
  flakyItems: z.array(
    z.object({
      side: z.enum(['baseline', 'variant']),
      caseId: z.string(),
      key: z.string(),
      label: z.string(),
      passed: count,
      graded: count,
    }),
  ),
  /** Mean paired per-item difference (variant − baseline), 95% interval clustered by case (null: no interval from fewer than two cases). */
  difference: z.object({
    mean: z.number(),
    lower: z.number().nullable(),
    upper: z.number().nullable(),
    standardError: z.number().nullable(),
    items: count,
    clusters: count,
    df: z.number(),
  }),
  permutation: z.object({ pValue: z.number(), method: z.enum(['exact', 'monte-carlo']), draws: count }),
  mcnemar: z.object({ gained: count, lost: count, pValue: z.number() }),
  verdict: z.enum(['better', 'worse', 'no detectable difference', 'inconclusive']),
  /** The smallest true difference found with 80% power at alpha; null when none can be. */
  detectable: z.object({
    difference: z.number().nullable(),
    basis: z.enum(['observed', 'assumed']),
    smallestP: z.number(),
  }),
  alpha: z.number(),
  unpairedItems: count,
  notJudgedItems: count,
  errored: both(count),
  /** With a pass^k headline (definePack `headline`): each case's pass^k paired across the sides, the verdict's basis. */
  passK: z
    .object({
      k: count,
      baseline: z.number(),
      variant: z.number(),
      difference: z.object({ mean: z.number(), lower: z.number().nullable(), upper: z.number().nullable() }),
      pValue: z.number(),
      cases: count,
      unpaired: count,
    })
    .optional(),
  /** Per judged kind, the raw and the judge-corrected difference (paired bootstrap); both sides graded with labels. */
  corrected: CorrectedDifferencesSchema.optional(),
  /** --gate corrected: `verdict` is the corrected differences'; what the raw figures said, and why. */
  gate: z
    .object({
      on: z.literal('corrected'),
      rawVerdict: z.enum(['better', 'worse', 'no detectable difference', 'inconclusive']),
      reason: z.string(),
    })
    .optional(),
  /** What the exit code says: 0 no worse, 1 detectably worse (or too flaky), 2 inconclusive. */
  exitCode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type ComparisonDocument = z.infer<typeof ComparisonSchema>;
