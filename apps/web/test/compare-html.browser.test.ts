import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseTally, CorrectedFigures, ItemTally } from '@evalpacks/core/grade';
import { comparisonDocument } from '@evalpacks/core/report';
import { type ComparisonDocument, ComparisonSchema, compareRuns } from '@evalpacks/core/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareHtml } from '../src/report/compare-html.ts';
import { launchChromium } from './support/browser.ts';
import { figureShot } from './support/screenshots.ts';

/** Model and case text that would run, fetch or break the page if it were not escaped. */
const HOSTILE = `<script>window.__xss = 'script'; alert('script')</script><img src="https://beacon.example/x.png">`;

function item(passed: boolean): ItemTally {
  return {
    key: 'finding:f',
    kind: 'finding',
    id: 'f',
    label: HOSTILE,
    passed: passed ? 1 : 0,
    failed: passed ? 0 : 1,
    errors: 0,
    skipped: 0,
    graded: 1,
    verdict: passed ? 'passed' : 'failed',
    flaky: false,
  };
}

const tallies = (caught: (c: number) => boolean): CaseTally[] =>
  Array.from({ length: 3 }, (_, c) => ({
    case: { id: `case-${c}`, name: c === 0 ? HOSTILE : `Case ${c}` },
    policy: 'majority' as const,
    epochs: 1,
    items: [item(caught(c))],
    status: 'passed' as const,
    notJudged: 0,
    errors: c === 2 ? [`agent: ${HOSTILE}`] : [],
  }));

const run = (id: number, variant: string) => ({
  id,
  variant,
  promptHash: variant,
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  label: variant,
  startedAt: '2026-12-02T01:00:00.000Z',
});

/** A stored grade's corrected figures: findings corrected (labels of the judge that ran), no bait items. */
const CORRECTED: CorrectedFigures = {
  judge: { model: 'judge:1b', promptVersion: 'risen-judge-v3' },
  used: 20,
  stale: 0,
  caseWrong: 0,
  otherJudges: [],
  findings: {
    status: 'corrected',
    raw: { passed: 3, total: 3 },
    labels: { truePositive: 9, falseNegative: 1, trueNegative: 8, falsePositive: 2 },
    estimate: 0.9,
    lower: 0.6,
    upper: 1,
    tpr: { estimate: 0.9, k: 9, n: 10 },
    tnr: { estimate: 0.8, k: 8, n: 10 },
  },
  absent: {
    status: 'no-verdicts',
    raw: { passed: 0, total: 0 },
    labels: { truePositive: 0, falseNegative: 0, trueNegative: 0, falsePositive: 0 },
    reason: 'no verdicts',
  },
};

function document(corrected?: CorrectedFigures): ComparisonDocument {
  const [baseline, variant] = [tallies(() => true), tallies((c) => c !== 0)];
  return comparisonDocument(compareRuns(baseline, variant), {
    pack: 'code-review',
    split: 'all',
    epochs: 1,
    policy: 'majority',
    judge: { backend: 'ollama', model: 'judge:1b' },
    baseline: { run: run(1, 'baseline'), tallies: baseline, ...(corrected && { corrected }) },
    variant: { run: run(2, `v2 ${HOSTILE}`), tallies: variant },
    exitCode: 2,
  });
}

const page = () => compareHtml(document());

describe('comparison.html: one self-contained page under the run report’s CSP', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'compare-html-')), 'comparison.html');
  const text = page();
  writeFileSync(file, text);
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('holds no script and nothing to fetch: the hostile text is only text in it', () => {
    expect(text).not.toMatch(/<(script|img|link|iframe|object|embed|base)\b/i);
    expect(text).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-/,
    );
    expect(text).toContain('&lt;script&gt;window.__xss');
    expect(text).not.toContain('<pre');
    expect(text).toContain('<!-- evalpacks-compare pack=code-review base=baseline head=v2__script_window.__xss');
  });

  it('opens from file:// with the network blocked, both sides of every case side by side, and runs nothing', async () => {
    const context = await browser.newContext({ offline: true });
    const requested: string[] = [];
    await context.route('**/*', (route) => {
      requested.push(route.request().url());
      return route.request().url().startsWith('file:') ? route.continue() : route.abort();
    });
    const tab = await context.newPage();
    const dialogs: string[] = [];
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    tab.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const url = pathToFileURL(file).href;
    await tab.goto(url);
    expect(await tab.locator('[data-verdict]').textContent()).toBe('inconclusive');
    const rows = await tab
      .locator('table.cases tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-case'), tr.getAttribute('data-outcome')]));
    expect(rows).toEqual([
      ['case-0', 'regressed'],
      ['case-1', 'unchanged'],
      ['case-2', 'errors'],
    ]);
    const first = tab.locator('tr[data-case="case-0"]');
    expect(await first.locator('td.side-baseline').textContent()).toContain('findings 1/1');
    expect(await first.locator('td.side-variant').textContent()).toContain('findings 0/1');
    expect(await first.locator('li.lost').textContent()).toContain(`no longer caught: ${HOSTILE}`);
    expect(await tab.locator('tr[data-figure="all items"] td').allTextContents()).toEqual([
      '3/3 = 100.0% (95% CI 43.9–100.0%)',
      '2/3 = 66.7% (95% CI 20.8–93.9%)',
    ]);
    // The rates as a forest plot: every figure with both sides' point and 95% interval, and its text alternative.
    const forest = tab.locator('svg.forest-plot');
    expect(await forest.getAttribute('aria-labelledby')).toBe('compare-rates-title compare-rates-desc');
    const drawn = await forest
      .locator('g.rate')
      .evaluateAll((gs) =>
        gs.map((g) => [
          g.getAttribute('data-figure'),
          g.getAttribute('data-side'),
          g.querySelectorAll('line.interval').length,
        ]),
      );
    expect(drawn).toEqual([
      ['recall', '0', 1],
      ['recall', '1', 1],
      ['all items', '0', 1],
      ['all items', '1', 1],
    ]);
    expect(await forest.locator('desc').textContent()).toContain(
      'all items: baseline (run 1) 3/3 = 100.0% (95% CI 43.9–100.0%); v2 ',
    );
    expect(await tab.locator('svg.difference-plot title').textContent()).toBe(
      `Paired difference, v2 ${HOSTILE} − baseline: −33.3 points`,
    );
    await figureShot(tab.locator('section:has(svg.forest-plot)'), 'comparison-html-figures');
    expect(await tab.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(refused).toEqual([]);
    expect(requested).toEqual([url]);
    await context.close();
  });

  it("draws a side's judge-corrected rate, carried by the document from its stored grade, hollow beside its raw one", () => {
    const doc = document(CORRECTED);
    // The document is what comparison.json holds: the corrected figures survive its schema.
    expect(ComparisonSchema.parse(JSON.parse(JSON.stringify(doc))).baseline.corrected).toEqual(CORRECTED);
    const text = compareHtml(doc);
    const drawn = [
      ...text.matchAll(/<g class="rate [^"]*" data-figure="([^"]*)" data-side="(\d)" data-kind="(\w+)">/g),
    ];
    expect(drawn.map((m) => m.slice(1))).toEqual([
      ['recall', '0', 'raw'],
      ['recall', '1', 'raw'],
      ['recall', '0', 'corrected'],
      ['all items', '0', 'raw'],
      ['all items', '1', 'raw'],
    ]);
    expect(text).toContain(
      '<tr data-figure="recall" data-corrected="true"><th>recall, judge-corrected</th><td>90.0% (95% CI 60.0–100.0%) · 20 labels (10 passing, 10 failing)</td><td>n/a</td></tr>',
    );
  });
});
