import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Case, CaseSchema, type CheckOutcome, type Transcript, TranscriptSchema } from '@evalpacks/core';
import { checks } from '../src/checks.ts';
import pack from '../src/index.ts';

/** A review as a good (or, under bad/, a bad) model could write it. */
export function sampleReview(name: string): string {
  return readFileSync(new URL(`samples/${name}.review.md`, import.meta.url), 'utf8');
}

/** The raw JSON of a case's hand-written reference review, as the offline mode replays it. */
export function fixtureJson(caseId: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(pack.root, 'fixtures', `${caseId}.json`), 'utf8'));
}

export function fixtureTranscript(caseId: string): Transcript {
  return TranscriptSchema.parse(fixtureJson(caseId));
}

/** A draft with two findings expected unless told otherwise, of the genre its tags name (none by default). */
export function caseWith(fields: Partial<Case> & { tags?: string[] } = {}): Case {
  const { tags, ...rest } = fields;
  const parsed = CaseSchema.parse({
    id: 'draft',
    name: 'Draft',
    input: '# A draft',
    expectedFindings: [
      { id: 'wrong-flag', description: 'A flag is wrong', severity: 'high', keywords: [] },
      { id: 'no-intro', description: 'No introduction', severity: 'low', keywords: [] },
    ],
    ...rest,
  });
  if (!tags) return parsed;
  // The shared case shape may not declare tags yet; the pack's checks read them when they are there.
  const tagged = { ...parsed, tags };
  return tagged;
}

export const cleanCase = (tags?: string[]) => caseWith({ expectedFindings: [], ...(tags ? { tags } : {}) });

export function runCheck(id: string, answer: string, testCase: Case = caseWith()): CheckOutcome {
  const check = checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no check "${id}"`);
  const transcript: Transcript = { ...fixtureTranscript('well-written'), input: testCase.input, answer };
  return check.run(transcript, testCase);
}

export { packCases, type RawCase, tagsOf } from '../scripts/raw-cases.ts';
