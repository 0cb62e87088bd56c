import { z } from 'zod';

export const SeveritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type Severity = z.infer<typeof SeveritySchema>;

/** An issue the agent should report. Keywords are hints for the judge, not a string match. */
export const FindingSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes (e.g. "ssn-exposure")'),
  description: z.string().min(1),
  severity: SeveritySchema,
  keywords: z.array(z.string().min(1)).default([]),
});
export type Finding = z.infer<typeof FindingSchema>;
