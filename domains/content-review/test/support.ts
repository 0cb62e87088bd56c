import { readFileSync } from 'node:fs';
import { type Case, CaseSchema, type CheckOutcome, type Transcript, TranscriptSchema } from '@evalpacks/core';
import { checks } from '../src/checks.ts';

/** A review as a good (or, under bad/, a bad) model could write it. */
export function sampleReview(name: string): string {
  return readFileSync(new URL(`samples/${name}.review.md`, import.meta.url), 'utf8');
}

/** The raw JSON of a case's hand-written transcript, as the offline mode replays it. */
export function fixtureJson(caseId: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/${caseId}.json`, import.meta.url), 'utf8'));
}

export function fixtureTranscript(caseId: string): Transcript {
  return TranscriptSchema.parse(fixtureJson(caseId));
}

/** The content checks read only the answer; the case is there because a check's signature has it. */
const anyDraft: Case = CaseSchema.parse({ id: 'draft', name: 'Draft', input: '# A draft' });

export function runCheck(id: string, answer: string): CheckOutcome {
  const check = checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no check "${id}"`);
  const transcript: Transcript = { ...fixtureTranscript('well-written'), answer };
  return check.run(transcript, anyDraft);
}
