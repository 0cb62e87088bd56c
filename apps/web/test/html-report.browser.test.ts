import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';
import { scriptModels } from './support/model-script.ts';
import { evalToolBasics } from './support/run-cli.ts';
import { screenshot } from './support/screenshots.ts';

describe('eval --reporter html: one self-contained file', () => {
  let standIn: OllamaStandIn;
  let browser: Browser;
  let report: string;
  let stdout: string;

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    scriptModels(standIn, { mood: 'good', garbledJudge: true });
    const store = tempStore();
    const out = join(dirname(store), 'reports');
    const result = await evalToolBasics(store, standIn.url, '--reporter', 'console,html', '--out', out);
    expect(result.code).toBe(1);
    stdout = result.stdout;
    expect(readdirSync(out)).toEqual(['report.html']);
    report = join(out, 'report.html');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await standIn?.close();
  });

  it('is written where --out says and named in the output', () => {
    expect(stdout).toMatch(/\nreport .*reports\/report\.html\n$/);
  });

  it('holds no script and nothing to fetch: the hostile answer is only text in it', () => {
    const file = readFileSync(report, 'utf8');
    expect(file).not.toMatch(/<(script|img|link|iframe|object|embed|base)\b/i);
    // Every link in the file leads within it.
    expect([...file.matchAll(/href="([^"]*)"/g)].every((match) => match[1]?.startsWith('#'))).toBe(true);
    expect(file).toContain('&lt;script&gt;window.__xss');
    expect(file).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-/,
    );
  });

  it('opens from file:// with the network blocked and shows the run and its cases', async () => {
    const context = await browser.newContext({ offline: true });
    const requested: string[] = [];
    await context.route('**/*', (route) => {
      requested.push(route.request().url());
      return route.request().url().startsWith('file:') ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const url = pathToFileURL(report).href;
    await page.goto(url);
    expect(requested).toEqual([url]);
    expect(await page.locator('h1').first().textContent()).toMatch(/^Run #1 · tool-basics · baseline$/);
    expect(await page.locator('pre.summary').textContent()).toContain(
      '  cases           2/4 passed, 2 with errors (50.0%, 95% CI 15.0–85.0%)',
    );
    const cases = await page
      .locator('table.cases tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case')));
    expect(cases.sort()).toEqual(['avoid-tool-use', 'capital-of-france', 'current-time', 'word-count']);
    await screenshot(page, 'report');
    await page.click('table.cases a:text("capital-of-france")');
    const section = page.locator(`section.case-section:has(h2:text("capital-of-france"))`);
    expect(new URL(page.url()).hash).toBe(`#${await section.getAttribute('id')}`);
    const answer = (await section.locator('.answer').textContent()) ?? '';
    expect(answer).toContain(`<script>window.__xss = 'script'; alert('script')</script>`);
    expect(answer).toContain(`[see the map](javascript:window.__xss='link';alert('link'))`);
    expect(await section.locator('article.verdict[data-item="rubric"] .verdict-label').textContent()).toBe(
      'RUBRIC MET',
    );
    const wordCount = page.locator(`section.case-section:has(h2:text("word-count"))`);
    expect(await wordCount.locator('pre.raw').textContent()).toBe('hmm, hard to say');
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(requested).toEqual([url]);
    await context.close();
  });
});
