import { z } from 'zod';
import { StopReasonSchema, TokenUsageSchema } from './transcript.ts';

/** What the judge is asked about one item. */
export const JudgedItemKindSchema = z.enum(['finding', 'absent', 'rubric']);
export type JudgedItemKind = z.infer<typeof JudgedItemKindSchema>;

const VerdictBase = z.object({
  kind: JudgedItemKindSchema,
  itemId: z.string(),
  model: z.string(),
  usage: TokenUsageSchema,
  latencyMs: z.number().nonnegative(),
  /** Calls the backend repeated (throttling, 5xx) for this verdict. */
  retries: z.number().int().nonnegative().optional(),
  /** The version of the judge prompt that asked (core's, plus the pack's or a file's tuning). */
  promptVersion: z.string().optional(),
  /** Why the judge's last answer stopped; 'length' (cut off) makes the verdict an error. */
  stopReason: StopReasonSchema.optional(),
});

/**
 * A judge's answer. `passed` is the item's outcome for the case: a finding caught, an
 * expectedAbsent item not flagged, a rubric met. A judge that failed is an error, never a miss.
 */
export const VerdictSchema = z.discriminatedUnion('status', [
  VerdictBase.extend({
    status: z.literal('ok'),
    reasoning: z.string(),
    passed: z.boolean(),
    /**
     * The probability of the token that carried the decision, where the backend returned log-probabilities
     * (Ollama, OpenAI-compatible servers); absent elsewhere, never estimated.
     */
    confidence: z.number().min(0).max(1).optional(),
    /**
     * On a conversation case, the turn the verdict rests on (1-based over all turns, as every report numbers
     * them; always an agent's): where the agent did, or should have done, what the item is about. Absent
     * when the verdict rests on the whole conversation, and never invented: a turn the judge named that the
     * conversation does not have is dropped, and `turnNote` says so.
     */
    turn: z.number().int().positive().optional(),
    /** Why a turn the judge named was dropped (out of range, a user's turn, not a number). */
    turnNote: z.string().optional(),
  }),
  VerdictBase.extend({
    status: z.literal('error'),
    error: z.string(),
    /** The judge's raw answer, kept so a person can see what went wrong. */
    raw: z.string().optional(),
  }),
  VerdictBase.extend({
    status: z.literal('skipped'),
    reason: z.string(),
  }),
]);
export type Verdict = z.infer<typeof VerdictSchema>;
