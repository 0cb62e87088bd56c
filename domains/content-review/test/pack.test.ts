import { readdirSync } from 'node:fs';
import { loadPackVariant, missingParts, runChecks, TranscriptSchema } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { checks } from '../src/checks.ts';
import { GENRE_IDS, GENRE_LINES } from '../src/genres.ts';
import pack from '../src/index.ts';
import { CATEGORIES, READINESS_LEVELS } from '../src/review-format.ts';
import { EDIT_VERBS, MIN_WORDS } from '../src/suggestions.ts';
import { fixtureJson, fixtureTranscript, packCases, sampleReview } from './support.ts';

const cases = await packCases();
/** The reviews under test/samples that are references of a case (bad/ holds wrong reviews, not references). */
const SAMPLE_IDS = readdirSync(new URL('samples', import.meta.url))
  .filter((name) => name.endsWith('.review.md'))
  .map((name) => name.replace(/\.review\.md$/, ''));
const cleanCases = cases.filter(({ loaded }) => loaded.expectedFindings.length === 0);

describe('content-review pack', () => {
  it('loads every draft with an id from its file name and a reference review', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
    for (const { loaded } of cases) expect(fixtureJson(loaded.id).input, loaded.id).toBe(loaded.input);
  });

  it('expects the five gaps of the incomplete tutorial', () => {
    const incomplete = cases.find(({ loaded }) => loaded.id === 'incomplete-tutorial')?.loaded;
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

  it('differs between baseline and v2 only in Steps, where v2 adds audience, genres, imports, outputs and flags', async () => {
    const baseline = await loadPackVariant(pack, 'baseline');
    const v2 = await loadPackVariant(pack, 'v2');
    for (const pattern of [
      /who it is for/,
      /breaking changes \(or that there are none\)/,
      /imported or defined/,
      /default sort orders/,
      /flags and options/,
    ]) {
      expect(v2.sections.steps).toMatch(pattern);
      expect(baseline.sections.steps).not.toMatch(pattern);
    }
    const { steps: _v2Steps, ...v2Rest } = v2.sections;
    const { steps: _baseSteps, ...baseRest } = baseline.sections;
    expect(v2Rest).toEqual(baseRest);
  });

  it("asks in its Expectation for exactly what the checks read: each genre's sections, categories, verbs, readiness", async () => {
    const { expectation = '' } = (await loadPackVariant(pack, 'baseline')).sections;
    for (const line of GENRE_LINES) expect(expectation).toContain(`\n   - ${line}\n`);
    expect(expectation).toContain(`one of ${CATEGORIES.map((c) => `\`${c}\``).join(', ')}`);
    expect(expectation).toContain('`No findings.`');
    expect(expectation).toContain('a draft with no findings is.');
    for (const level of READINESS_LEVELS) expect(expectation).toContain(`\`**Readiness:** ${level}\``);
    const verbs = /starts with a verb \(([^)]*)\)/.exec(expectation)?.[1]?.split(', ') ?? [];
    expect(verbs.length).toBeGreaterThan(5);
    for (const verb of verbs) expect(EDIT_VERBS).toContain(verb.toLowerCase());
    expect(expectation).toContain('in at least six words');
    expect(MIN_WORDS).toBe(6);
  });

  it('tells the reviewer in its Narrowing not to invent problems, which the zero-findings check enforces', async () => {
    const { narrowing = '' } = (await loadPackVariant(pack, 'baseline')).sections;
    expect(narrowing).toContain('Do not invent problems');
    expect(checks.find((check) => check.id === 'no-invented-findings')?.part).toBe('narrowing');
  });

  it.each(cases.map(({ loaded }) => [loaded.id, loaded] as const))(
    'passes every check on the reference review of %s',
    (_, testCase) => {
      const results = runChecks(pack.checks, fixtureTranscript(testCase.id), testCase);
      expect(results.filter((result) => !result.passed)).toEqual([]);
      expect(results).toHaveLength(checks.length);
    },
  );

  it.each(cases.map(({ loaded }) => [loaded.id, loaded] as const))(
    'passes every check on a differently formatted correct review of %s',
    (_, testCase) => {
      const transcript = fixtureTranscript(testCase.id);
      const answer = transcript.answer
        .replace(/^(- \[[ x]\] [^:\n]+):.*$/gm, '$1')
        .replace(
          /^\*\*(Category|Severity|Where|Problem|Suggestion):\*\* (\w)/gm,
          (_m, label: string, first: string) => `- ${label}: ${first.toUpperCase()}`,
        )
        .replace(/\*\*Readiness:\*\* (\w)/, (_m, first: string) => `Readiness: ${first.toUpperCase()}`)
        .replace('No findings.', '**No findings.**');
      expect(answer).not.toBe(transcript.answer);
      const failed = runChecks(pack.checks, { ...transcript, answer }, testCase).filter((result) => !result.passed);
      expect(failed).toEqual([]);
    },
  );

  it.each(cases.map(({ loaded }) => [loaded.id]))(
    'ships a hand-written reference for %s, never posing as a model',
    (id) => {
      const raw = fixtureJson(id);
      expect(TranscriptSchema.safeParse(raw).success).toBe(true);
      expect(raw).toMatchObject({
        sample: true,
        model: 'hand-written reference',
        usage: { input: 0, output: 0 },
        latencyMs: 0,
        turns: 1,
        toolCalls: [],
      });
    },
  );

  it.each(SAMPLE_IDS)('keeps the check material of %s (test/samples) in step with its reference', (id) => {
    expect(fixtureJson(id).answer).toBe(sampleReview(id));
  });

  it('fails every clean draft on a review that invents a finding', () => {
    expect(cleanCases.length).toBeGreaterThan(0);
    const invented = [
      '### 1. The code samples do not say which version they need',
      '**Category:** completeness',
      '**Severity:** low',
      '**Where:** the first code sample',
      '**Problem:** A reader on an older version may get another result.',
      '**Suggestion:** State the minimum version above the first code sample.',
    ].join('\n');
    for (const { loaded } of cleanCases) {
      const transcript = fixtureTranscript(loaded.id);
      const answer = transcript.answer
        .replace('No findings.', invented)
        .replace('ready to publish', 'needs minor revisions');
      const failed = runChecks(pack.checks, { ...transcript, answer }, loaded).filter((result) => !result.passed);
      expect(
        failed.map((result) => [result.id, result.part]),
        loaded.id,
      ).toEqual([['no-invented-findings', 'narrowing']]);
    }
  });

  it('has a judge that knows it reads content reviews', () => {
    expect(pack.judge.subject).toBe('content review');
    expect(pack.judge.guidance).toMatch(/^Count a finding as caught only if the review points at the place/);
  });

  it('names the four genres the prompts list', () => {
    expect(GENRE_IDS).toEqual(['tutorial', 'api-guide', 'release-notes', 'explainer']);
  });
});
