import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';
import { scriptModels } from './support/model-script.ts';
import { evalToolBasics } from './support/run-cli.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

/** Long enough that the run page is open before the capital question is answered, on a loaded machine. */
const SLOW_ANSWER_MS = 15_000;

describe('a run in progress, live in the viewer', () => {
  let standIn: OllamaStandIn;
  let viewer: ViewerProcess;
  let browser: Browser;
  let store: string;

  beforeAll(async () => {
    store = tempStore();
    EvalStore.open(store).close(); // an empty store, as after a first `pnpm eval` was set up
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    scriptModels(standIn, { mood: 'good', slowCapitalMs: SLOW_ANSWER_MS });
    viewer = await startViewerProcess(store);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
    await standIn?.close();
  });

  it('shows the running run at once and adds its cases as they are saved, without a reload', async () => {
    const page = await browser.newPage();
    const evaluation = evalToolBasics(store, standIn.url);
    // The run appears in the list as soon as it has begun.
    await expect
      .poll(
        async () => {
          await page.goto(viewer.url);
          return page.locator('tr[data-run="1"] [data-status]').count();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);
    expect(await page.locator('tr[data-run="1"] [data-status]').textContent()).toBe('running');
    await page.click('a[href="/runs/1"]');
    expect(await page.locator('h1 [data-status]').textContent()).toBe('running');
    expect(await page.locator('#cases tr[data-case="capital-of-france"]').count()).toBe(0);
    await page.evaluate(() => {
      (globalThis as { __sameDocument?: boolean }).__sameDocument = true;
    });

    await page.locator('#cases tr[data-case="capital-of-france"]').waitFor({ timeout: 90_000 });
    await page.locator('h1 [data-status="completed"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (globalThis as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    const cases = await page.locator('#cases tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case')));
    expect(cases.sort()).toEqual(['avoid-tool-use', 'capital-of-france', 'current-time', 'word-count']);
    expect(await page.locator('#cases tr[data-case="capital-of-france"] [data-epoch="0"]').textContent()).toBe(
      'passed',
    );
    expect(await page.locator('#cases tr[data-case="capital-of-france"] a').getAttribute('href')).toBe(
      '/runs/1/cases/capital-of-france',
    );
    expect((await evaluation).code).toBe(0);
  });
});
