/**
 * The judge-corrected differences a comparison keeps (issue 26): per judged kind, the raw difference of the two
 * sides' rates beside the difference of their Rogan-Gladen corrected rates, each with a 95% paired-bootstrap
 * interval, or the one-line reason no corrected difference can be given. Additive to ComparisonSchema (optional).
 */
import { z } from 'zod';
import { JudgeIdentitySchema, LabelConfusionSchema } from './corrected.ts';

const count = z.number().int().nonnegative();

/** A difference (variant − baseline, −1 … 1) and its bootstrap percentile interval. */
export const DifferenceIntervalSchema = z.object({ estimate: z.number(), lower: z.number(), upper: z.number() });
export type DifferenceInterval = z.infer<typeof DifferenceIntervalSchema>;

const side = z.object({ passed: count, total: count });

const common = {
  /** The paired items of the kind (every epoch's grading) per side: what both differences start from. */
  items: z.object({ baseline: side, variant: side }),
  /** Cases holding a paired item of the kind: what the bootstrap resamples. */
  cases: count,
  /** Variant rate − baseline rate as the judge said, with the interval of the same case resamples. */
  raw: DifferenceIntervalSchema,
  /** The labels behind each side's correction: never a corrected figure without them. */
  labels: z.object({ baseline: LabelConfusionSchema, variant: LabelConfusionSchema }),
};

export const KindDifferenceSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('corrected'),
    ...common,
    /** Corrected variant rate − corrected baseline rate (each clipped to [0, 1]). */
    corrected: DifferenceIntervalSchema,
    /** Replicates whose resampled labels left TPR + TNR − 1 ≤ 0 (no correction defined): left out, counted. */
    undefinedReplicates: count,
  }),
  /** Too few labels or a judge near chance on a side, or no labels read: one line instead of a number. */
  z.object({
    status: z.enum(['too-few-labels', 'near-chance', 'no-labels']),
    ...common,
    reason: z.string(),
  }),
]);
export type KindDifference = z.infer<typeof KindDifferenceSchema>;

export const CorrectedVerdictSchema = z.enum(['better', 'worse', 'no detectable difference', 'inconclusive']);

export const CorrectedDifferencesSchema = z.object({
  /** Cases resampled in pairs (both sides together) and labels resampled per outcome, percentile intervals. */
  method: z.literal('paired-bootstrap'),
  replicates: count,
  seed: z.number().int(),
  level: z.number(),
  /**
   * shared: both sides ran the same judge and were corrected with the same labels, so each replicate draws
   * one label resample and applies it to both; independent: each side's own labels, resampled apart.
   */
  labelResampling: z.enum(['shared', 'independent']),
  /** Why the labels were resampled apart (another judge, or the same judge's labels differing between grades). */
  note: z.string().optional(),
  judges: z.object({ baseline: JudgeIdentitySchema, variant: JudgeIdentitySchema }),
  /** Absent when no finding (or no bait item) was paired. */
  findings: KindDifferenceSchema.optional(),
  /** Bait (expectedAbsent) items: the rate of not flagging them ("bait avoided"). */
  absent: KindDifferenceSchema.optional(),
  /** What the corrected differences say (what compare's verdict is with --gate corrected), and why. */
  verdict: CorrectedVerdictSchema,
  verdictReason: z.string(),
});
export type CorrectedDifferences = z.infer<typeof CorrectedDifferencesSchema>;
