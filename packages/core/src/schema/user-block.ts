import { z } from 'zod';

/** How a simulated user behaves; the user prompt turns each into instructions. */
export const UserBehaviourSchema = z.enum(['patient', 'terse', 'changes-mind', 'escalates', 'adversarial'], {
  error: 'use patient, terse, changes-mind, escalates or adversarial',
});
export type UserBehaviour = z.infer<typeof UserBehaviourSchema>;

/**
 * A user played by a model. It never sees the agent's tools, the expected findings or the checks: only
 * this block and the conversation so far.
 */
export const SimulatedUserSchema = z.strictObject({
  /** Who they are, in a line or two ("a regular customer, polite, in a hurry"). */
  persona: z.string().min(1),
  /** What they want from the conversation; the user says ###STOP### once it is met or abandoned. */
  goal: z.string({ error: 'a simulated user needs a goal' }).min(1),
  /** Things only the user knows, revealed when the agent asks for them, never volunteered all at once. */
  facts: z.array(z.string().min(1)).default([]),
  behaviour: UserBehaviourSchema.default('patient'),
  /** How the conversation should turn ("after the first answer, ask for an exchange instead"). */
  instructions: z.string().min(1).optional(),
});
export type SimulatedUser = z.infer<typeof SimulatedUserSchema>;

/**
 * The user's side of a conversation case, after the case's `input` (its first message). Either a simulated
 * user or a script: the user's later turns in order, each answering the agent's previous reply, so a script
 * alternates by construction.
 */
export const UserBlockSchema = z
  .strictObject({
    simulated: SimulatedUserSchema.optional(),
    script: z.array(z.string().min(1)).min(1, 'a script needs at least one user turn').optional(),
    /** The most agent replies the conversation may hold; reaching it without ###STOP### is reported as such. */
    maxTurns: z.number().int().min(1, 'maxTurns must be at least 1').default(8),
  })
  .superRefine((user, ctx) => {
    if ((user.simulated === undefined) === (user.script === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of simulated and script' });
    }
    if (user.script && user.script.length + 1 > user.maxTurns) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxTurns'],
        message: `the script needs ${user.script.length + 1} agent replies but maxTurns is ${user.maxTurns}`,
      });
    }
  });
export type UserBlock = z.infer<typeof UserBlockSchema>;

/** The token a simulated user answers with, alone, to end the conversation (the tau-bench convention). */
export const USER_STOP = '###STOP###';
