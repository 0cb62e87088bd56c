import { z } from 'zod';

export const SeveritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type Severity = z.infer<typeof SeveritySchema>;

/** The first and last line of the input a finding is on, 1-based; `[n, n]` for one line. */
export const LineRangeSchema = z
  .tuple([z.number().int().min(1, 'lines count from 1'), z.number().int().min(1, 'lines count from 1')], {
    error: 'give [first, last]: two line numbers of the input, counting from 1',
  })
  .refine(([first, last]) => first <= last, { error: 'the first line comes after the last' });

/** An issue the agent should report. Keywords are hints for the judge, not a string match. */
export const FindingSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes (e.g. "ssn-exposure")'),
  description: z.string().min(1),
  severity: SeveritySchema,
  keywords: z.array(z.string().min(1)).default([]),
  /** One line: why a senior reviewer flags this, and why this severity. */
  rationale: z.string().min(1).optional(),
  /** The weakness, for security findings. */
  cwe: z
    .string()
    .regex(/^CWE-\d+$/, 'write it as CWE-<number>, e.g. CWE-89')
    .optional(),
  /** Where in the input the issue is (pack lint checks the lines exist). */
  lines: LineRangeSchema.optional(),
  /** Text that appears verbatim on one of the cited lines (pack lint checks it). */
  quote: z.string().min(1).optional(),
});
export type Finding = z.infer<typeof FindingSchema>;
