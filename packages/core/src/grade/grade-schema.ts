/**
 * A run's grade as data: what gradeRun returns is exactly what the store keeps with the run and every
 * surface (console, file reports, viewer, history, compare --runs) reads back, so the schema is the one
 * definition of its shape. A grade passes through JSON and parses back equal (a NaN estimate, which JSON
 * writes as null, comes back as NaN).
 */
import { z } from 'zod';
import { RisenPartSchema } from '../schema/check.ts';
import { CorrectedFiguresSchema } from '../schema/corrected.ts';
import { RepeatPolicySchema } from '../schema/repeat-policy.ts';
import { JudgedItemKindSchema } from '../schema/verdict.ts';

const count = z.number().int().nonnegative();
/** A rate's estimate is NaN over nothing: JSON writes that as null, which reads back as NaN. */
const estimate = z.union([z.number(), z.null().transform(() => Number.NaN)]);
const standing = z.enum(['passed', 'structural-only', 'failed', 'error']);

export const CountsSchema = z.object({
  /** Passed, judged items included: the passes the pass rate counts. */
  passed: count,
  /** Passed their checks with judged items not judged (see CaseStanding): neither a pass nor a failure. */
  structuralOnly: count,
  failed: count,
  /** Results with an agent or judge error: neither a pass nor a failure of the agent. */
  errors: count,
  total: count,
});
export type Counts = z.infer<typeof CountsSchema>;

export const SuggestionSchema = z.object({
  /** The RISEN part to edit, or 'judge' / 'agent' when the prompt is not the problem. */
  target: z.union([RisenPartSchema, z.literal('judge'), z.literal('agent'), z.literal('user')]),
  caseId: z.string(),
  text: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/** One item over a case's epochs: its pass count k out of the epochs that graded it, and the policy's call. */
export const ItemTallySchema = z.object({
  /** Stable across epochs and runs: `check:summary-table`, `finding:nosql-injection`, `absent:absent-1`. */
  key: z.string(),
  kind: z.union([z.literal('check'), JudgedItemKindSchema]),
  id: z.string(),
  /** How a person recognises it: the check's name, the finding's id, the expectedAbsent text. */
  label: z.string(),
  part: RisenPartSchema.optional(),
  passed: count,
  failed: count,
  /** Epochs whose judge failed on this item: neither a pass nor a fail. */
  errors: count,
  /** Epochs where the item was not judged (structural checks failed first). */
  skipped: count,
  /** passed + failed: the K the policy divides by. */
  graded: count,
  /** 'undecided' when no epoch graded the item. */
  verdict: z.enum(['passed', 'failed', 'undecided']),
  /** Passed in some epochs and failed in others. */
  flaky: z.boolean(),
});
export type ItemTally = z.infer<typeof ItemTallySchema>;

/** A case over its epochs, reduced by its repeat policy. */
export const CaseTallySchema = z.object({
  /** The few facts of the case that grading and the summaries read: never its input or expectations. */
  case: z.object({ id: z.string(), name: z.string(), repeatPolicy: RepeatPolicySchema.optional() }),
  policy: RepeatPolicySchema,
  epochs: count,
  items: z.array(ItemTallySchema),
  /**
   * error when any epoch had an agent or judge error; else failed when any item fails under the policy;
   * else structural-only when a judged item was judged in no epoch (see CaseStanding); else passed.
   */
  status: standing,
  /** Judged items (not checks) that no epoch judged and no judge error left ungraded. */
  notJudged: count,
  /** The case's agent and judge errors over its epochs, each distinct line once ("agent: ...", "judge: ..."). */
  errors: z.array(z.string()),
  /** Epochs that passed, of `epochsGraded` (passed or failed; see pass-k.ts): pass@1 and pass^k rest on them. */
  epochsPassed: count.optional(),
  epochsGraded: count.optional(),
});
export type CaseTally = z.infer<typeof CaseTallySchema>;

const tally = z.object({ passed: count, total: count });

/** Counts over a run, the figures every summary prints: the sums of its results' figures. */
export const RunSummarySchema = z.object({
  /** Results that passed, judged items included, of all results. */
  cases: tally,
  /** Results that passed their checks with judged items not judged: no pass (see CaseStanding). */
  structuralOnly: count,
  /** Cases the run chose not to start (a budget ran out). */
  notStarted: count,
  errors: count,
  structural: tally,
  /** `passed` of `judged` (verdicts the judge gave); `total` also counts items not judged or in judge error. */
  findings: tally.extend({ judged: count, notJudged: count, errors: count }),
  falsePositives: count,
  judgeErrors: count,
  agentErrors: count,
  agentTokens: z.object({ input: count, output: count }),
  judgeTokens: z.object({ input: count, output: count }),
  /** The simulated user's tokens, for a run with conversation cases that have one; absent otherwise. */
  userTokens: z.object({ input: count, output: count }).optional(),
  /** Model calls the backends repeated (throttling, 5xx), per role. */
  retries: z.object({ agent: count, judge: count }),
  /**
   * Verdicts with a decision-token probability (backends that return log-probabilities), and those below
   * `threshold`: low-confidence verdicts. Absent when no verdict had one.
   */
  confidence: z.object({ scored: count, low: count, threshold: z.number() }).optional(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

const IntervalSchema = z.object({ estimate, lower: z.number(), upper: z.number() });

export const ClusteredRateSchema = IntervalSchema.extend({
  passed: count,
  total: count,
  clusters: count,
  /** Clustered variance over binomial variance, at least 1: how much the clustering widens the interval. */
  designEffect: z.number(),
  /** The cluster-robust standard error of the rate (0 when every trial agrees). */
  standardError: z.number(),
});

const CaseMeanSchema = IntervalSchema.extend({
  /** The cases the mean is over. */
  cases: count,
});

/** pass@1 and pass^k over the cases (pass-k.ts), k the run's epochs: a repeated run's headline for conversations. */
export const PassKFiguresSchema = z.object({
  k: count,
  /** The mean over cases of passed / graded epochs, 95% bootstrap interval over cases. */
  passAt1: CaseMeanSchema,
  /** The mean over cases of C(c,k)/C(n,k), over cases with at least k graded epochs. */
  passHatK: CaseMeanSchema,
});
export type PassKFigures = z.infer<typeof PassKFiguresSchema>;

/** One kind of item (checks, findings, expectedAbsent) over a repeated run. */
export const KindFiguresSchema = z.object({
  /** Items that pass under their case's policy, out of the items graded at least once. */
  itemsPassed: count,
  items: count,
  /** Every epoch's grading of every item, clustered by case: the per-sample pass rate and its interval. */
  samples: ClusteredRateSchema,
});
export type KindFigures = z.infer<typeof KindFiguresSchema>;

export const FlakyItemSchema = z.object({ caseId: z.string(), policy: RepeatPolicySchema, item: ItemTallySchema });
export type FlakyItem = z.infer<typeof FlakyItemSchema>;

/** The figures of a run over its cases under their policies: what the repeated run's summary prints. */
export const RepeatSummarySchema = z.object({
  /** The most epochs any case ran. */
  epochs: count,
  cases: IntervalSchema.extend({ passed: count, total: count, errors: count, structuralOnly: count }),
  structural: KindFiguresSchema,
  findings: KindFiguresSchema,
  /** expectedAbsent items; "passed" means not flagged, so false positives are items − itemsPassed. */
  absent: KindFiguresSchema,
  flaky: z.array(FlakyItemSchema),
  /** With two epochs or more. */
  passK: PassKFiguresSchema.optional(),
});
export type RepeatSummary = z.infer<typeof RepeatSummarySchema>;

/** Every figure the summaries print, worked out when the run is graded so no reader needs its results. */
export const RunFiguresSchema = z.object({
  /** Sums over the results. */
  totals: RunSummarySchema,
  /** Checks passed and findings caught per result, clustered by result (one epoch's summary rows). */
  perResult: z.object({ structural: ClusteredRateSchema, findings: ClusteredRateSchema }),
  /** Over the cases under their policies, with per-epoch rates clustered by case (a repeated run's rows). */
  perCase: RepeatSummarySchema,
});
export type RunFigures = z.infer<typeof RunFiguresSchema>;

export const RunGradeSchema = z.object({
  /** The repeat policy of cases that set none; a case's own always won. */
  policy: RepeatPolicySchema,
  /** The most epochs any case ran. */
  epochs: count,
  /** Every case over its epochs, reduced by its policy; with one epoch each is its result's own outcome. */
  cases: z.array(CaseTallySchema),
  /** Counts of `cases`: what the run's pass/fail rests on. */
  caseCounts: CountsSchema,
  /** Counts of the results, one per case and epoch (what JUnit lists as test cases). */
  resultCounts: CountsSchema,
  /** Case epochs a budget left out; they were not shown to pass. */
  notStarted: count,
  /** Passed cases over all cases (0 when there are none); a structural-only case is no pass. */
  passRate: z.number(),
  /** The --min-pass-rate gate, when one was set. */
  gate: z
    .object({
      minimum: z.number(),
      met: z.boolean(),
      /** --gate corrected: the gate held the judge-corrected findings rate (absent: the raw pass rate). */
      on: z.literal('corrected').optional(),
      /** With --gate corrected, the figure compared, or why there was none (then the gate is not met). */
      value: z.number().optional(),
      reason: z.string().optional(),
    })
    .optional(),
  /** Items that passed in some epochs and failed in others, over all cases. */
  flaky: count,
  /** The --max-flaky gate, when one was set. */
  flakyGate: z.object({ maximum: count, met: z.boolean() }).optional(),
  /**
   * No case failed or had an error (or the gate was met), no case was left out, and no more items were
   * flaky than allowed. Structural-only cases fail no run: an offline run whose checks all pass passes,
   * and its summary says its cases were not judged.
   */
  passed: z.boolean(),
  /** 0 when the run passed, else 1 (failures, agent or judge errors, cases not started). */
  exitCode: z.union([z.literal(0), z.literal(1)]),
  /** What to edit for every failure, naming the RISEN part (or the judge, or the agent). */
  suggestions: z.array(SuggestionSchema),
  figures: RunFiguresSchema,
  /** 'pass^k' when the pack makes pass^k its headline (definePack `headline`): compare then decides on it. */
  headline: z.literal('pass^k').optional(),
  /** Judged rates corrected for the judge's measured TPR and TNR, when the run was graded with labels. */
  corrected: CorrectedFiguresSchema.optional(),
});
export type RunGrade = z.infer<typeof RunGradeSchema>;

/** A grade without its cases: all a summary, a gate or a history line reads (small whatever the run's size). */
export const GradeSummarySchema = RunGradeSchema.omit({ cases: true });
export type GradeSummary = z.infer<typeof GradeSummarySchema>;
