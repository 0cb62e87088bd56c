import { z } from 'zod';

/** The RISEN prompt part a check enforces; it names what to edit when the check fails. */
export const RisenPartSchema = z.enum(['role', 'instructions', 'steps', 'expectation', 'narrowing']);
export type RisenPart = z.infer<typeof RisenPartSchema>;

export const CheckResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  part: RisenPartSchema,
  passed: z.boolean(),
  detail: z.string(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;
