import { z } from 'zod';
import { FindingSchema } from './finding.ts';
import { RepeatPolicySchema } from './repeat-policy.ts';
import { checkToolExpectations, ToolExpectationsShape } from './tool-expectations.ts';

export const CaseIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i, 'use letters, digits, dashes and underscores');

/**
 * One input with its expectations. Review packs use expectedFindings/expectedAbsent;
 * other packs add their own expectations in later fields.
 */
export const CaseSchema = z
  .object({
    id: CaseIdSchema,
    name: z.string().min(1),
    description: z.string().default(''),
    input: z.string().min(1),
    expectedFindings: z.array(FindingSchema).default([]),
    /** Things a correct answer must NOT flag (false-positive bait). */
    expectedAbsent: z.array(z.string().min(1)).default([]),
    /** An optional free-form rubric for the judge. */
    rubric: z.string().optional(),
    /** What passing means over repeated epochs for this case; overrides --policy and the pack's default. */
    repeatPolicy: RepeatPolicySchema.optional(),
    /** Tool use and answer expectations for agents with tools; see tool-expectations.ts. */
    ...ToolExpectationsShape,
  })
  .superRefine(checkToolExpectations);
export type Case = z.infer<typeof CaseSchema>;
/** A case as written in a data file: the id may come from the file name. */
export type CaseInput = z.input<typeof CaseSchema>;
