import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { buildStore } from './support/build-store.ts';
import { figureShot, screenshot } from './support/screenshots.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

/** Each row's cells, whitespace collapsed. */
const cells = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    );

const rowTexts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe('the viewer in Chromium, over a store of real runs against the Ollama stand-in', () => {
  let viewer: ViewerProcess;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const refused: string[] = [];

  beforeAll(async () => {
    const store = await buildStore();
    viewer = await startViewerProcess(store);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  it('lists every run with its pass rate, interval and cost, and filters by variant', async () => {
    await page.goto(viewer.url);
    const runs = await cells(page, 'table.runs tbody tr');
    expect(runs).toHaveLength(7);
    const started = runs[0]?.[6] ?? '';
    expect(started).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(runs[0]).toEqual([
      '#7',
      'tool-basics',
      'strict',
      'ollama qwen3.5:4b',
      'ollama judge:1b',
      '2',
      started,
      'completed',
      '8/8',
      '100.0% (95% CI 67.6–100.0%)',
      '$0',
    ]);
    expect(runs[6]?.slice(7)).toEqual(['completed', '2/4, 2 errors', '50.0% (95% CI 15.0–85.0%)', '$0']);
    expect(runs[3]?.slice(7)).toEqual(['completed', '0/4', '0.0% (95% CI 0.0–49.0%)', '$0']);
    await screenshot(page, 'runs');
    await page.selectOption('select[name=variant]', 'strict');
    await page.click('form.filters button');
    expect(new URL(page.url()).search).toBe('?pack=&variant=strict&model=');
    expect(
      await page.locator('table.runs tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-run'))),
    ).toEqual(['7']);
  });

  it('opens a run: the console summary, suggestions, status filters and search', async () => {
    await page.goto(viewer.url);
    await page.click('a[href="/runs/1"]');
    expect(new URL(page.url()).pathname).toBe('/runs/1');
    expect(await page.locator('pre.summary').textContent()).toBe(
      [
        'Summary',
        '  cases           2/4 passed, 2 with errors (50.0%, 95% CI 15.0–85.0%)',
        '  structural      11/11 checks passed (95% CI 74.1–100.0%)',
        '  false positives 0',
        '  judge errors    2',
        '  tokens          agent 840 in / 210 out, judge 720 in / 180 out',
        '  cost            $0 recorded',
      ].join('\n'),
    );
    expect((await rowTexts(page, 'ul.suggestions li')).sort()).toEqual([
      'judge avoid-tool-use: judge error on "rubric"; try a larger --judge-model',
      'judge word-count: judge error on "rubric"; try a larger --judge-model',
    ]);
    // Its rates drawn, one side, each with its interval; the same figures in the table after the plot.
    expect(
      await page
        .locator('svg.forest-plot g.rate')
        .evaluateAll((gs) =>
          gs.map((g) => [g.getAttribute('data-figure'), g.querySelectorAll('line.interval').length]),
        ),
    ).toEqual([
      ['cases passed', 1],
      ['structural', 1],
    ]);
    expect(await cells(page, '#run-rates-table tbody tr')).toEqual([
      ['2/4 = 50.0% (95% CI 15.0–85.0%)'],
      ['11/11 = 100.0% (95% CI 74.1–100.0%)'],
    ]);
    await screenshot(page, 'run');
    await figureShot(page.locator('figure.forest'), 'run-figures');
    await page.click('a[data-filter="errors"]');
    const errored = await page.locator('#cases tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case')));
    expect(errored.sort()).toEqual(['avoid-tool-use', 'word-count']);
    await page.click('a[data-filter="all"]');
    await page.fill('input[name=q]', 'capital');
    await page.click('form.search button');
    expect(await page.locator('#cases tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case')))).toEqual(
      ['capital-of-france'],
    );
    expect(await page.locator('a[data-filter="errors"]').textContent()).toBe('errors (0)');
  });

  it('shows a case with its hostile answer as inert text: no script ran, no dialog, no javascript: link', async () => {
    await page.goto(`${viewer.url}runs/1`);
    await page.click('a[href="/runs/1/cases/capital-of-france"]');
    const answer = page.locator('.epoch .answer');
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain('The capital of France is Paris.');
    expect(text).toContain(`<script>window.__xss = 'script'; alert('script')</script>`);
    expect(text).toContain(`<img src="x" onerror="window.__xss = 'img'; alert('img')">`);
    expect(text).toContain(`[see the map](javascript:window.__xss='link';alert('link'))`);
    await page.getByText('[see the map]', { exact: false }).click();
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('main script, main img, a[href^="javascript:" i]').count()).toBe(0);
    expect(await answer.locator('strong').textContent()).toBe('Paris');
    expect(await rowTexts(page, 'li.check')).toEqual([
      'PASS Answers within the turn limit steps — answered after 1 turn',
      'PASS Calls no tool narrowing — no tool was called',
      'PASS Answer contains "Paris" expectation — the answer contains "Paris"',
    ]);
    const verdict = page.locator('article.verdict[data-item="rubric"][data-kind="rubric"][data-epoch="0"]');
    expect(await verdict.locator('.verdict-label').textContent()).toBe('RUBRIC MET');
    expect((await verdict.locator('.reasoning').textContent())?.trim()).toBe('The answer meets the rubric.');
    const usage = await page.locator('dl.usage dd').allInnerTexts();
    expect(await page.locator('dl.usage dt').allInnerTexts()).toEqual([
      'model',
      'agent tokens',
      'judge tokens',
      'turns',
      'latency',
      'cost',
    ]);
    expect(usage[4]).toMatch(/^(\d+ ms|\d+\.\d s)$/);
    expect(usage).toEqual(['qwen3.5:4b', '120 in / 30 out', '120 in / 30 out', '1', usage[4], '$0']);
    await screenshot(page, 'case');
  });

  it("shows a judge error with the judge's raw text, and tool calls with arguments and result", async () => {
    await page.goto(`${viewer.url}runs/1/cases/word-count`);
    const verdict = page.locator('article.verdict[data-item="rubric"]');
    expect(await verdict.locator('.verdict-label').textContent()).toBe('JUDGE ERROR');
    expect(await verdict.locator('pre.raw').textContent()).toBe('hmm, hard to say');
    const call = page.locator('li.tool-call');
    expect(await call.locator('code').textContent()).toBe('word_count');
    expect(JSON.parse((await call.locator('pre.args').textContent()) ?? '')).toEqual({
      text: 'Evals catch quiet agent regressions',
    });
    expect(await call.locator('pre.result').textContent()).toBe('5');
  });

  it('puts the epochs of a repeated run side by side', async () => {
    await page.goto(`${viewer.url}runs/7/cases/word-count`);
    const epochs = page.locator('section.epoch');
    expect(await epochs.count()).toBe(2);
    const [first, second] = [await epochs.nth(0).boundingBox(), await epochs.nth(1).boundingBox()];
    expect(second?.y).toBe(first?.y);
    expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);
    expect(await epochs.locator('h3').allInnerTexts()).toEqual(['epoch 1 passed', 'epoch 2 passed']);
  });

  it('compares two runs of one pack: the flipped items and the paired statistics of pnpm compare', async () => {
    await page.click('header nav a[href="/compare"]');
    await page.selectOption('select[name=a]', '3');
    await page.selectOption('select[name=b]', '4');
    await page.click('form.filters button');
    expect(new URL(page.url()).search).toBe('?a=3&b=4');
    expect(await page.locator('[data-verdict]').textContent()).toBe('no detectable difference');
    const flipped = await page
      .locator('table.flips tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case')));
    expect(flipped.sort()).toEqual(['avoid-tool-use', 'capital-of-france', 'current-time', 'word-count']);
    expect(await rowTexts(page, 'tr[data-case="word-count"] ul.lost li')).toEqual([
      'Calls word_count (1/1 → 0/1)',
      'Answer contains "5" (1/1 → 0/1)',
    ]);
    expect(await page.locator('tr[data-case="word-count"] ul.gained li').count()).toBe(0);
    // The statistics are figures, not the console's text: no <pre> on the page at all.
    expect(await page.locator('main pre').count()).toBe(0);
    const forest = page.locator('svg.forest-plot');
    expect(await forest.getAttribute('role')).toBe('img');
    expect(await forest.locator('title').first().textContent()).toBe('Rates of #3 baseline and #4 baseline');
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
      ['structural', '0', 1],
      ['structural', '1', 1],
      ['all items', '0', 1],
      ['all items', '1', 1],
    ]);
    expect(await cells(page, '#compare-rates-table tbody tr')).toEqual([
      ['11/11 = 100.0% (95% CI 74.1–100.0%)', '5/11 = 45.5% (95% CI 21.3–72.0%)'],
      ['15/15 = 100.0% (95% CI 79.6–100.0%)', '9/15 = 60.0% (95% CI 35.7–80.2%)'],
    ]);
    expect(await page.locator('dd[data-figure="difference"]').textContent()).toBe(
      '−40.0 points (95% CI −60.8 to −19.2 points; paired per item, clustered by case)',
    );
    expect(await page.locator('dd[data-figure="permutation"]').textContent()).toBe(
      'p = 0.1250 over cases (exact, 16 sign assignments)',
    );
    expect(await page.locator('dd[data-figure="mcnemar"]').textContent()).toBe(
      'p = 0.0313 over items (0 gained, 6 lost)',
    );
    expect(await page.locator('svg.difference-plot desc').textContent()).toBe(
      '−40.0 points, 95% CI −60.8 to −19.2 points; with 4 cases no difference can be detected.',
    );
    expect(await page.locator('svg.difference-plot rect.undetectable').count()).toBe(1);
    expect(refused).toEqual([]);
    await screenshot(page, 'compare');
    await figureShot(page.locator('section:has(svg.forest-plot)'), 'compare-figures');
    await page.goto(`${viewer.url}compare?a=3&b=99`);
    expect(await page.locator('.problem').textContent()).toBe('no such run');
  });

  it('charts the history with intervals and flags the regression of runs 4 to 6', async () => {
    await page.click('header nav a[href="/history"]');
    const series = page.locator('section.series');
    expect(await series.locator('h2').allInnerTexts()).toEqual([
      'baseline · agent ollama qwen3.5:4b · judge ollama judge:1b',
      'strict · agent ollama qwen3.5:4b · judge ollama judge:1b',
    ]);
    const baseline = series.first();
    expect(await baseline.locator('svg g.point').evaluateAll((g) => g.map((x) => x.getAttribute('data-run')))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(
      await baseline.locator('svg g.regressed').evaluateAll((g) => g.map((x) => x.getAttribute('data-run'))),
    ).toEqual(['4', '5', '6']);
    expect(await baseline.locator('svg .regression-label').textContent()).toBe('REGRESSION below median 100.0%');
    expect(await baseline.locator('p.regression').textContent()).toBe(
      'REGRESSION: runs 4, 5, 6 are all below the median of the runs before them (100.0%) beyond their 95% intervals',
    );
    expect(await baseline.locator('g[data-run="1"] title').textContent()).toContain('2/4 = 50.0% (95% CI 15.0–85.0%)');
    expect(await series.nth(1).locator('p.regression').count()).toBe(0);
    await screenshot(page, 'history');
    await baseline.locator('g[data-run="5"] circle').click();
    expect(new URL(page.url()).pathname).toBe('/runs/5');
  });
});
