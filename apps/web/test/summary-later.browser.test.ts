import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer, type Viewer } from '../src/index.ts';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';
import { scriptModels } from './support/model-script.ts';
import { evalToolBasics } from './support/run-cli.ts';

describe("a large run's page, whose summary follows it", () => {
  let standIn: OllamaStandIn;
  let viewer: Viewer;
  let browser: Browser;

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    scriptModels(standIn, { mood: 'good', garbledJudge: true });
    const store = tempStore();
    expect((await evalToolBasics(store, standIn.url)).code).toBe(1);
    // Every run counts as large here, so the page is drawn without its summary and fetches it.
    viewer = await startViewer(store, 0, { inlineSummaryResults: 0 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    await standIn?.close();
  });

  it('arrives with its cases and fills in the summary and suggestions from core', async () => {
    const response = await fetch(`${viewer.url}runs/1`);
    expect(await response.text()).toContain('summarising 4 results…');
    const page = await browser.newPage();
    await page.goto(`${viewer.url}runs/1`);
    await page.locator('#suggestions ul.suggestions li').first().waitFor();
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
    const links = await page
      .locator('#suggestions li a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.sort()).toEqual(['/runs/1/cases/avoid-tool-use', '/runs/1/cases/word-count']);
    expect(await page.locator('#cases tr').count()).toBe(4);
  });
});
