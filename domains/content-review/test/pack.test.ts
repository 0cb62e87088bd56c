import { loadPackCases, loadPackVariant, missingParts, runChecks, TranscriptSchema } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { CATEGORIES, CHECKLIST_SECTIONS, READINESS_LEVELS } from '../src/review-format.ts';
import { EDIT_VERBS, MIN_WORDS } from '../src/suggestions.ts';
import { fixtureJson, fixtureTranscript, sampleReview } from './support.ts';

const CASE_IDS = ['factual-error', 'incomplete-tutorial', 'well-written'];

describe('content-review pack', () => {
  it('loads its three drafts, ids from the file names', async () => {
    const cases = await loadPackCases(pack);
    expect(cases.map((c) => [c.id, c.expectedFindings.length, c.expectedAbsent.length])).toEqual([
      ['factual-error', 2, 0],
      ['incomplete-tutorial', 5, 0],
      ['well-written', 0, 4],
    ]);
  });

  it('expects the five gaps of the incomplete tutorial', async () => {
    const incomplete = (await loadPackCases(pack)).find((c) => c.id === 'incomplete-tutorial');
    expect(incomplete?.expectedFindings.map((f) => [f.id, f.severity])).toEqual([
      ['missing-prerequisites', 'medium'],
      ['unexplained-flags', 'medium'],
      ['missing-import', 'high'],
      ['no-troubleshooting', 'medium'],
      ['no-conclusion', 'low'],
    ]);
  });

  it.each(['baseline', 'v2'])('has all five RISEN sections in the %s prompt', async (name) => {
    expect(missingParts(await loadPackVariant(pack, name))).toEqual([]);
  });

  it('differs between baseline and v2 only in Steps, where v2 adds audience, imports, outputs and flags', async () => {
    const baseline = await loadPackVariant(pack, 'baseline');
    const v2 = await loadPackVariant(pack, 'v2');
    for (const pattern of [/who it is for/, /imported or defined/, /default sort orders/, /flags and options/]) {
      expect(v2.sections.steps).toMatch(pattern);
      expect(baseline.sections.steps).not.toMatch(pattern);
    }
    const { steps: _v2Steps, ...v2Rest } = v2.sections;
    const { steps: _baseSteps, ...baseRest } = baseline.sections;
    expect(v2Rest).toEqual(baseRest);
  });

  it('asks in its Expectation for exactly what the checks read: sections, categories, verbs, readiness', async () => {
    const { expectation = '' } = (await loadPackVariant(pack, 'baseline')).sections;
    expect(expectation).toContain(`in this order: ${CHECKLIST_SECTIONS.join(', ')}.`);
    expect(expectation).toContain(`one of ${CATEGORIES.map((c) => `\`${c}\``).join(', ')}`);
    for (const level of READINESS_LEVELS) expect(expectation).toContain(`\`**Readiness:** ${level}\``);
    const verbs = /starts with a verb \(([^)]*)\)/.exec(expectation)?.[1]?.split(', ') ?? [];
    expect(verbs.length).toBeGreaterThan(5);
    for (const verb of verbs) expect(EDIT_VERBS).toContain(verb.toLowerCase());
    expect(expectation).toContain('in at least six words');
    expect(MIN_WORDS).toBe(6);
  });

  it.each(CASE_IDS)('passes every check on the sample review of %s', async (id) => {
    const testCase = (await loadPackCases(pack)).find((c) => c.id === id);
    if (!testCase) throw new Error(`no case ${id}`);
    const results = runChecks(pack.checks, fixtureTranscript(id), testCase);
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(results).toHaveLength(5);
  });

  it.each(CASE_IDS)('ships a valid sample transcript for %s, marked as a sample', async (id) => {
    const testCase = (await loadPackCases(pack)).find((c) => c.id === id);
    const raw = fixtureJson(id);
    expect(raw.sample).toBe(true);
    expect(TranscriptSchema.safeParse(raw).success).toBe(true);
    expect(raw.input).toBe(testCase?.input);
    expect(raw.answer).toBe(sampleReview(id));
  });

  it('has a judge that knows it reads content reviews', () => {
    expect(pack.judge.subject).toBe('content review');
    expect(pack.judge.guidance).toMatch(/^Count a finding as caught only if the review points at the place/);
  });
});
