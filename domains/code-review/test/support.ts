import { readFileSync } from 'node:fs';
import { type Case, CaseSchema, type CheckOutcome, type Transcript } from '@evalpacks/core';
import { checks } from '../src/checks.ts';

/** A complete review a good model could write for the case of the same name. */
export function sampleReview(caseId: string): string {
  return readFileSync(new URL(`samples/${caseId}.review.md`, import.meta.url), 'utf8');
}

export function transcriptOf(answer: string, input = 'export const handler = async () => ({});'): Transcript {
  return { input, answer, toolCalls: [], turns: 1, usage: { input: 0, output: 0 }, latencyMs: 0, model: 'scripted' };
}

/** A case with findings at two levels unless told otherwise: what most review cases look like. */
export function caseWith(fields: Partial<Case> = {}): Case {
  return CaseSchema.parse({
    id: 'sample',
    name: 'Sample',
    input: 'export const handler = async () => ({});',
    expectedFindings: [
      { id: 'leak', description: 'Returns a secret', severity: 'critical', keywords: [] },
      { id: 'slow', description: 'Scans the table', severity: 'medium', keywords: [] },
    ],
    ...fields,
  });
}

export const cleanCase = () => caseWith({ expectedFindings: [] });

export function runCheck(id: string, answer: string, testCase: Case = caseWith()): CheckOutcome {
  const check = checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no check "${id}"`);
  return check.run(transcriptOf(answer, testCase.input), testCase);
}
