import { z } from 'zod';
import { CaseSchema } from './case.ts';
import { CheckResultSchema } from './check.ts';
import { TokenUsageSchema, TranscriptSchema } from './transcript.ts';
import { VerdictSchema } from './verdict.ts';

export const CaseStatusSchema = z.enum(['passed', 'failed', 'error']);
export type CaseStatus = z.infer<typeof CaseStatusSchema>;

export const CaseResultSchema = z.object({
  /** The case as evaluated, so a result can be read (and re-judged) on its own. */
  case: CaseSchema,
  epoch: z.number().int().nonnegative(),
  status: CaseStatusSchema,
  transcript: TranscriptSchema,
  checks: z.array(CheckResultSchema),
  verdicts: z.array(VerdictSchema),
  /** Every reason the case did not pass, one line each. */
  reasons: z.array(z.string()),
  judgeUsage: TokenUsageSchema,
});
export type CaseResult = z.infer<typeof CaseResultSchema>;

export const ModelRefSchema = z.object({ backend: z.string(), model: z.string() });
export type ModelRef = z.infer<typeof ModelRefSchema>;

export const RunResultSchema = z.object({
  pack: z.string(),
  variant: z.string(),
  agent: ModelRefSchema,
  /** Absent when the run made no judge calls (structural-only). */
  judge: ModelRefSchema.optional(),
  /** The simulated user of its conversation cases; absent when the run had none (see UserSimulatorPort). */
  user: ModelRefSchema.optional(),
  startedAt: z.string(),
  finishedAt: z.string(),
  cases: z.array(CaseResultSchema),
  /** Cases the run chose not to start (a budget ran out); absent when every case ran. */
  notStarted: z.array(z.object({ caseId: z.string(), epoch: z.number().int().nonnegative() })).optional(),
});
export type RunResult = z.infer<typeof RunResultSchema>;
