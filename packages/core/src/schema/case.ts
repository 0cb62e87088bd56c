import { z } from 'zod';
import { FindingSchema } from './finding.ts';
import { RepeatPolicySchema } from './repeat-policy.ts';
import { SplitSchema } from './split.ts';
import { checkToolExpectations, ToolExpectationsShape } from './tool-expectations.ts';
import { UserBlockSchema } from './user-block.ts';

export const CaseIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i, 'use letters, digits, dashes and underscores');

/** How hard a case is for a capable agent: the obvious, the easy to miss, the one only an expert sees. */
export const DifficultySchema = z.enum(['basic', 'subtle', 'expert'], { error: 'use basic, subtle or expert' });
export type Difficulty = z.infer<typeof DifficultySchema>;

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
    /**
     * dev or test. Absent, the case's id decides it (splitOfId): read it with splitOf, never directly, so a
     * case that names none is in the same split wherever it is read (a file, the store, a report).
     */
    split: SplitSchema.optional(),
    /** The pack's coverage category, kebab-case: the coverage table groups by it. */
    category: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes (e.g. "sql-injection")')
      .optional(),
    difficulty: DifficultySchema.optional(),
    /** Free tags: a language, cwe-89, clean (a case with nothing to find). */
    tags: z.array(z.string().min(1)).optional(),
    /** One line: why the case is in the pack, what it tests. */
    rationale: z.string().min(1).optional(),
    expectedFindings: z.array(FindingSchema).default([]),
    /** Things a correct answer must NOT flag (false-positive bait). */
    expectedAbsent: z.array(z.string().min(1)).default([]),
    /**
     * Real issues in the input the case does not score: reporting them is neither rewarded nor counted as a
     * false positive (the judge is told so).
     */
    acceptable: z.array(z.string().min(1)).optional(),
    /** An optional free-form rubric for the judge. */
    rubric: z.string().optional(),
    /** What passing means over repeated epochs for this case; overrides --policy and the pack's default. */
    repeatPolicy: RepeatPolicySchema.optional(),
    /**
     * What the pack's environment must look like after the run. Opaque to core: the pack's own checks
     * compare it with `transcript.endState` (the environment's snapshot).
     */
    expectedEndState: z.unknown().optional(),
    /**
     * A conversation case: the user's side after `input` (a simulated user or a script). Absent, the case is
     * one message and one agent run.
     */
    user: UserBlockSchema.optional(),
    /** Tool use and answer expectations for agents with tools; see tool-expectations.ts. */
    ...ToolExpectationsShape,
  })
  .superRefine(checkToolExpectations);
export type Case = z.infer<typeof CaseSchema>;
/** A case as written in a data file: the id may come from the file name. */
export type CaseInput = z.input<typeof CaseSchema>;
