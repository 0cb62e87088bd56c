import { z } from 'zod';
import { CaseIdSchema } from './case.ts';
import { ToolCallSchema } from './transcript.ts';
import { JudgedItemKindSchema } from './verdict.ts';

/**
 * Which side a person holds responsible when they disagree with an item's outcome: the judge misread
 * the answer, the agent's answer is what is wrong (the prompt needs the fix), or the case itself is
 * wrong (its finding, bait or rubric needs the fix).
 */
export const WrongSideSchema = z.enum(['judge', 'agent', 'case']);
export type WrongSide = z.infer<typeof WrongSideSchema>;

/** The judge verdict a person looked at when they labelled the item. */
export const LabelledVerdictSchema = z.object({
  passed: z.boolean(),
  reasoning: z.string(),
  model: z.string().min(1),
  /** The judge prompt version that produced it, when known. */
  promptVersion: z.string().optional(),
});

/**
 * A person's word on one judged item (a finding, an expectedAbsent item, a rubric) of one answer. It
 * carries what was judged (the answer and its tool calls; the input by its hash, since the case holds
 * it), so it follows that same answer across re-runs and re-judges, and a changed case is noticed.
 * One line of a pack's `calibration/labels.jsonl`.
 */
export const LabelSchema = z
  .object({
    caseId: CaseIdSchema,
    kind: JudgedItemKindSchema,
    itemId: z.string().min(1),
    label: z.enum(['agree', 'disagree']),
    /** Required with `disagree`, absent with `agree`. */
    wrong: WrongSideSchema.optional(),
    note: z.string().optional(),
    verdict: LabelledVerdictSchema,
    /** sha256 (hex) of the case input the answer was given to. */
    inputSha256: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in lowercase hex'),
    answer: z.string(),
    toolCalls: z.array(ToolCallSchema).default([]),
    labelledAt: z.string().optional(),
  })
  .strict()
  .superRefine((label, ctx) => {
    if (label.label === 'disagree' && !label.wrong) {
      ctx.addIssue({ code: 'custom', path: ['wrong'], message: 'say which side was wrong: judge, agent or case' });
    }
    if (label.label === 'agree' && label.wrong) {
      ctx.addIssue({ code: 'custom', path: ['wrong'], message: 'only a disagreement names a wrong side' });
    }
  });
export type Label = z.infer<typeof LabelSchema>;
export type LabelInput = z.input<typeof LabelSchema>;
