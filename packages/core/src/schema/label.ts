import { z } from 'zod';
import { CaseIdSchema } from './case.ts';
import { ConversationTurnSchema, ToolCallSchema } from './transcript.ts';
import { JudgedItemKindSchema } from './verdict.ts';

/**
 * Which side a person holds responsible when they disagree with an item's outcome: the judge misread
 * the answer, the agent's answer is what is wrong (the prompt needs the fix), or the case itself is
 * wrong (its finding, bait or rubric needs the fix).
 */
export const WrongSideSchema = z.enum(['judge', 'agent', 'case']);
export type WrongSide = z.infer<typeof WrongSideSchema>;

/**
 * On a conversation case, every turn of the conversation the answer is the last reply of (the transcript's
 * `conversation`): the label's key holds it, so two conversations ending in the same reply keep their own
 * labels, and calibrate shows the judge the conversation the person labelled. Absent for one-message cases.
 */
const LabelConversationSchema = z.array(ConversationTurnSchema).optional();

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
    conversation: LabelConversationSchema,
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

/**
 * A person's outcome of one judged item of an answer, written without a judge verdict to agree or disagree
 * with: a pack's starter labels, written by hand with the answer. It measures whichever judge is asked about
 * the same answer and item (calibrate, and eval through the call cache); it can blame neither side.
 */
export const PersonLabelSchema = z
  .object({
    caseId: CaseIdSchema,
    kind: JudgedItemKindSchema,
    itemId: z.string().min(1),
    /** The person's outcome: the finding is caught, the bait item avoided, the rubric met. */
    passed: z.boolean(),
    /** Why, in a line: what in the answer decides it. */
    note: z.string().min(1),
    inputSha256: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in lowercase hex'),
    answer: z.string(),
    toolCalls: z.array(ToolCallSchema).default([]),
    conversation: LabelConversationSchema,
    labelledAt: z.string().optional(),
  })
  .strict();
export type PersonLabel = z.infer<typeof PersonLabelSchema>;

/** A line of a pack's labels file: a word on a judge's verdict, or a person's outcome on its own. */
export type PackLabel = Label | PersonLabel;

export const isPersonLabel = (label: PackLabel): label is PersonLabel => !('verdict' in label);

/** The schema a labels-file line is read with: a line without `verdict` but with `passed` is a person's outcome. */
export const packLabelSchemaOf = (raw: unknown) =>
  raw !== null && typeof raw === 'object' && !('verdict' in raw) && 'passed' in raw ? PersonLabelSchema : LabelSchema;
