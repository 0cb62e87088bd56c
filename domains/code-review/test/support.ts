import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Case,
  CaseSchema,
  type CheckOutcome,
  definePack,
  loadPackCases,
  type SampleTranscript,
  SampleTranscriptSchema,
  type Transcript,
} from '@evalpacks/core';
import { checks } from '../src/checks.ts';
import pack from '../src/index.ts';

/**
 * A complete review for the first three cases, kept as check material with exact line counts; the apps'
 * end-to-end tests script their stand-in agent with these files too.
 */
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

/** The pack's reference answer for a case: `fixtures/<case-id>.json`, validated as a sample transcript. */
export function referenceAnswer(caseId: string): SampleTranscript {
  const text = readFileSync(join(pack.root, 'fixtures', `${caseId}.json`), 'utf8');
  return SampleTranscriptSchema.parse(JSON.parse(text));
}

/**
 * The pack's case files as written, every field kept (split, category, tags, lines, quote...), which the
 * shared case shape drops: read through core's own loader, whose `toCase` hook sees each raw record.
 */
export async function rawCases(): Promise<Record<string, unknown>[]> {
  const dir = join(pack.root, 'cases');
  const raws: Record<string, unknown>[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ya?ml|json)$/.test(name)) continue;
    const seen: unknown[] = [];
    const toCase = (raw: unknown) => {
      seen.push(raw);
      return raw;
    };
    const [loaded] = await loadPackCases(definePack({ ...pack, toCase }), [join(dir, name)]);
    raws.push({ ...(seen[0] as Record<string, unknown>), id: loaded?.id });
  }
  return raws;
}
