import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputHash } from '@evalpacks/core/calibration';
import { JUDGE_PROMPT_VERSIONS } from '@evalpacks/core/runner';
import { ComparisonSchema } from '@evalpacks/core/stats';
import type { OllamaStandIn } from '@evalpacks/testkit';
import { describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import { cases as packCases, sample } from './code-review-script.ts';
import { V2_ONLY } from './compare-script.ts';
import { junitSchemaProblems, parseJunit } from './junit-schema.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli } from './run-cli.ts';

const CASES = 12;
const JUDGE = { model: 'judge:1b', promptVersion: JUDGE_PROMPT_VERSIONS.structured };
const CATCH = 'The retry path re-sends the charge';
const REGRESSION = 'Nothing else stands out here';
const lambda = (i: number) => `lambda #${String(i).padStart(2, '0')}`;

/** Twelve small handlers, each with an obvious and a subtle bug and one thing not to flag. */
const cases = Array.from({ length: CASES }, (_, i) => ({
  id: `handler-${i}`,
  name: `Handler ${i}`,
  input: [
    `// ${lambda(i)}: charges an order`,
    'export const handler = async (event) => {',
    '  const order = await orders.get(event.pathParameters.id);',
    '  return pay(order.total, event.headers["x-retry"]);',
    '};',
  ].join('\n'),
  expectedFindings: [
    { id: 'obvious-bug', description: 'No check that the order exists before paying.', severity: 'high' },
    { id: 'subtle-bug', description: 'A client retry charges the order twice.', severity: 'medium' },
  ],
  expectedAbsent: ['the orders table name being read from the environment'],
}));

/**
 * 20 finding labels on earlier code-review answers judge:1b judged with this prompt version (a label measures
 * the judge, so it is given on a case of the pack, whichever cases a run reads): of 10 the person saw hold the
 * finding it passed 6 (TPR 0.6), of 10 that did not it passed 3 (TNR 0.7). J = 0.3, above the 0.2 floor.
 */
function labelLines(): string {
  const finding = packCases.find((c) => c.id === 'subtle-issues');
  if (!finding) throw new Error('the frozen pack lost subtle-issues');
  return Array.from({ length: 20 }, (_, i) => {
    const truth = i < 10;
    const judgePassed = truth ? i < 6 : i < 13;
    const agrees = judgePassed === truth;
    return JSON.stringify({
      caseId: finding.id,
      kind: 'finding',
      itemId: 'nosql-injection',
      label: agrees ? 'agree' : 'disagree',
      ...(!agrees && { wrong: 'judge' }),
      verdict: { passed: judgePassed, reasoning: 'earlier verdict', ...JUDGE },
      inputSha256: inputHash(finding.input),
      answer: `earlier review ${i}`,
    });
  }).join('\n');
}

/**
 * v2's reviews explain the double charge on handlers 0-9, and on 11 drop the obvious bug: ten findings gained,
 * one lost. The judge reads the review.
 */
function script(standIn: OllamaStandIn): void {
  const review = sample('basic-vulnerabilities');
  for (let i = 0; i < CASES; i++) {
    const extra = i < 10 ? `\n\n${CATCH} on a client retry.` : i === 11 ? `\n\n${REGRESSION}.` : '';
    standIn.script({
      match: { hasFormat: false, system: V2_ONLY, contains: lambda(i) },
      reply: { content: `${review}${extra}`, promptTokens: 500, outputTokens: 300 },
    });
  }
  standIn.script({ match: { hasFormat: false }, reply: { content: review, promptTokens: 500, outputTokens: 300 } });
  const verdict = (caught: boolean) => ({ content: `{"reasoning":"Read it.","caught":${caught}}` });
  standIn.script({ match: { hasFormat: true, contains: ['id="subtle-bug"', CATCH] }, reply: verdict(true) });
  standIn.script({ match: { hasFormat: true, contains: 'id="subtle-bug"' }, reply: verdict(false) });
  standIn.script({ match: { hasFormat: true, contains: ['id="obvious-bug"', REGRESSION] }, reply: verdict(false) });
  standIn.script({
    match: { hasFormat: true, contains: '<must_not_be_flagged>' },
    reply: { content: '{"reasoning":"Not flagged.","flagged":false}' },
  });
  standIn.script({ match: { hasFormat: true }, reply: verdict(true) });
}

const standIn = useOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });

/** The pack with the labels and the twelve cases, and compare's arguments on it (v2 as the baseline). */
function setUp(): { args: (...more: string[]) => string[]; out: string; store: string } {
  const pack = packCopy();
  mkdirSync(join(pack, 'calibration'));
  writeFileSync(join(pack, 'calibration', 'labels.jsonl'), `${labelLines()}\n`);
  const file = join(pack, 'twelve-handlers.json');
  writeFileSync(file, JSON.stringify(cases));
  const out = join(pack, 'reports');
  const store = join(pack, 'store.db');
  const args = (...more: string[]) => [
    'compare',
    ...['--pack', pack, '--test-case', file, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'],
    ...['--baseline', 'v2', '--variant', 'baseline', '--store', store],
    ...['--reporter', 'console,json,junit,markdown,html', '--out', out],
    ...more,
  ];
  return { args, out, store };
}

/** The block of the judge-corrected differences, as both runs print it (the same labels, the same seed). */
const CORRECTED_BLOCK = [
  'Judge-corrected differences (variant − baseline; paired bootstrap over cases and labels, one label resample for both sides, 2000 replicates, seed 1)',
  '  recall            raw −37.5 points (95% CI −50.0 to −20.8) · corrected −33.3 points (95% CI −100.0 to ±0.0) · 20 labels (10 passing, 10 failing), one set for both sides · 240 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
  '  bait avoided      raw ±0.0 points (95% CI ±0.0 to ±0.0) · not corrected: needs 10 labels each of passing and failing items (has 0 passing, 0 failing)',
  '  corrected verdict no detectable difference: recall −33.3 points (CI −100.0 to ±0.0, 20 labels)',
].join('\n');

describe('compare --gate corrected on the judge-corrected differences (Ollama stand-in)', () => {
  it('shows the corrected difference beside the raw one, and --gate corrected turns a raw "worse" into no detectable difference', async () => {
    const { args, out, store } = setUp();
    script(standIn);
    // v2 as the baseline: "baseline" loses the double charge on ten handlers. Raw recall 21/24 → 12/24, −37.5
    // points; corrected with TPR 0.6, TNR 0.7 (J = 0.3): 87.5% → 100% (clipped) and 50% → (0.5 − 0.3) / 0.3 =
    // 66.7%, −33.3 points. The labels cannot rule out a judge whose TPR is at or below the baseline's raw 50%,
    // under which both sides correct to 100%: the interval reaches 0.
    const raw = await runCli(args());
    expect(raw.stderr).toBe('');
    expect(raw.stdout).toContain(`${CORRECTED_BLOCK}\n`);
    expect(raw.stdout).toContain('  verdict           worse\n');
    expect(raw.code).toBe(1);
    const rawDoc = ComparisonSchema.parse(JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')));
    expect(rawDoc.verdict).toBe('worse');
    expect(rawDoc.gate).toBeUndefined();

    script(standIn);
    const gated = await runCli(args('--gate', 'corrected'));
    expect(gated.stderr).toBe('');
    expect(gated.stdout).toContain(`${CORRECTED_BLOCK}\n`);
    expect(gated.stdout).toContain(
      '  verdict           no detectable difference on the judge-corrected differences (--gate corrected); the raw figures say worse\n',
    );
    expect(gated.code).toBe(0);

    // Every file report reads the engine's figures: the JSON holds them, Markdown and HTML print its rows.
    const doc = ComparisonSchema.parse(JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')));
    expect(doc.verdict).toBe('no detectable difference');
    expect(doc.exitCode).toBe(0);
    expect(doc.gate).toEqual({
      on: 'corrected',
      rawVerdict: 'worse',
      reason: 'recall −33.3 points (CI −100.0 to ±0.0, 20 labels)',
    });
    expect(doc.corrected).toMatchObject({
      method: 'paired-bootstrap',
      replicates: 2000,
      seed: 1,
      labelResampling: 'shared',
      judges: { baseline: JUDGE, variant: JUDGE },
      findings: {
        status: 'corrected',
        items: { baseline: { passed: 21, total: 24 }, variant: { passed: 12, total: 24 } },
        cases: 12,
        raw: { estimate: -0.375, lower: -0.5 },
        labels: { baseline: { truePositive: 6, falseNegative: 4, trueNegative: 7, falsePositive: 3 } },
        corrected: { lower: -1, upper: 0 },
        undefinedReplicates: 240,
      },
      absent: { status: 'too-few-labels' },
      verdict: 'no detectable difference',
    });
    const findings = doc.corrected?.findings;
    if (findings?.status !== 'corrected') throw new Error('recall was not corrected');
    expect(findings.corrected.estimate).toBeCloseTo(-1 / 3, 12);
    const markdown = readFileSync(join(out, 'comparison.md'), 'utf8');
    expect(markdown).toContain(
      '**Verdict: no detectable difference** on the judge-corrected differences (--gate corrected); the raw figures say worse · ',
    );
    expect(markdown).toContain(
      '| recall | raw −37.5 points (95% CI −50.0 to −20.8) · corrected −33.3 points (95% CI −100.0 to ±0.0) · 20 labels (10 passing, 10 failing), one set for both sides · 240 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0) |',
    );
    const xml = readFileSync(join(out, 'comparison.xml'), 'utf8');
    expect(junitSchemaProblems(xml)).toEqual([]);
    const property = Object.fromEntries(
      (parseJunit(xml).testsuites.testsuite[0]?.properties.property ?? []).map((p) => [p.name, p.value]),
    );
    expect(property).toMatchObject({
      verdict: 'no detectable difference',
      'judge-corrected-recall-raw': '−37.5 points (95% CI −50.0 to −20.8)',
      'judge-corrected-recall': '−33.3 points (95% CI −100.0 to ±0.0)',
      'judge-corrected-recall-labels': '20 labels (10 passing, 10 failing), one set for both sides',
      'judge-corrected-recall-left-out':
        '240 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
      'judge-corrected-bait-avoided-raw': '±0.0 points (95% CI ±0.0 to ±0.0)',
      'judge-corrected-bait-avoided-not-corrected':
        'not corrected: needs 10 labels each of passing and failing items (has 0 passing, 0 failing)',
      'judge-corrected-verdict': 'no detectable difference: recall −33.3 points (CI −100.0 to ±0.0, 20 labels)',
      gate: 'corrected',
      'raw-verdict': 'worse',
      'gate-reason': 'recall −33.3 points (CI −100.0 to ±0.0, 20 labels)',
      'exit-code': '0',
    });
    expect(property).not.toHaveProperty('judge-corrected-bait-avoided');
    const page = readFileSync(join(out, 'comparison.html'), 'utf8');
    expect(page).toContain(
      '<strong data-verdict="no detectable difference">no detectable difference</strong> on the judge-corrected differences (--gate corrected); the raw figures say worse</p>',
    );
    expect(page).toContain(
      '<dt>recall</dt><dd data-corrected-difference="recall">raw −37.5 points (95% CI −50.0 to −20.8) · corrected −33.3 points (95% CI −100.0 to ±0.0) · 20 labels (10 passing, 10 failing), one set for both sides',
    );

    // The two stored runs again, with no model call: each side's labels as its stored grade used them.
    const calls = standIn.chatCalls({}).length;
    const stored = await runCli(['compare', '--runs', '3', '4', '--store', store, '--gate', 'corrected']);
    expect(stored.stderr).toBe('');
    expect(stored.stdout).toContain(`${CORRECTED_BLOCK}\n`);
    expect(stored.stdout).toContain(
      '  verdict           no detectable difference on the judge-corrected differences (--gate corrected); the raw figures say worse\n',
    );
    expect(stored.code).toBe(0);
    expect(standIn.chatCalls({})).toHaveLength(calls);
  });
});
