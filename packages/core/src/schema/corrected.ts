/**
 * The judge-corrected figures a grade keeps (issue 26): per judged kind, the raw rate corrected for the
 * judge's measured TPR and TNR, or the one-line reason it cannot be. Additive to RunGradeSchema (optional),
 * so grades stored before it still parse.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The labels behind one kind's correction: the person's outcome (positive = the item passes) against the judge's. */
export const LabelConfusionSchema = z.object({
  truePositive: count,
  falseNegative: count,
  trueNegative: count,
  falsePositive: count,
});
export type LabelConfusion = z.infer<typeof LabelConfusionSchema>;

const measured = z.object({ estimate: z.number(), k: count, n: count });

const common = {
  /** The raw (judge-as-perfect) rate the correction starts from: passed of judged. */
  raw: z.object({ passed: count, total: count }),
  /** Labels used: always shown beside the figure. */
  labels: LabelConfusionSchema,
};

export const CorrectedRateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('corrected'),
    ...common,
    /** Rogan-Gladen, clipped to [0, 1]. */
    estimate: z.number(),
    /** 95% delta-method interval carrying the raw rate's (clustered) and the labels' uncertainty. */
    lower: z.number(),
    upper: z.number(),
    tpr: measured,
    tnr: measured,
  }),
  /** Too few labels, a judge near chance, or no verdicts: one line instead of a number. */
  z.object({ status: z.enum(['too-few-labels', 'near-chance', 'no-verdicts']), ...common, reason: z.string() }),
]);
export type CorrectedRate = z.infer<typeof CorrectedRateSchema>;

/** A judge as labels name it: the model and the judge prompt version that gave the verdict a person saw. */
export const JudgeIdentitySchema = z.object({ model: z.string(), promptVersion: z.string().optional() });
export type JudgeIdentity = z.infer<typeof JudgeIdentitySchema>;

export const CorrectedFiguresSchema = z.object({
  /** The judge of the run, whose labels were used. */
  judge: JudgeIdentitySchema,
  /** Labels of this judge used (cases unchanged, an outcome to hold the judge to). */
  used: count,
  /** Labels whose case is gone or whose input changed since: left out. */
  stale: count,
  /** Labels that blame the case itself: no outcome to hold the judge to. */
  caseWrong: count,
  /** Labels given on another judge's verdicts (model · prompt version), named and not used. */
  otherJudges: z.array(JudgeIdentitySchema.extend({ labels: count })),
  /**
   * A person's outcomes written without a verdict (starter labels) this judge has not been asked about: the
   * call cache holds no verdict of it on their answers (`pnpm calibrate` asks it). Absent in older grades.
   */
  notAsked: count.optional(),
  findings: CorrectedRateSchema,
  /** expectedAbsent (bait) items: the rate of not flagging them. */
  absent: CorrectedRateSchema,
});
export type CorrectedFigures = z.infer<typeof CorrectedFiguresSchema>;
