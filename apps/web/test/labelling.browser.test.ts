import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';
import { codeReviewCopy, codeReviewStore } from './support/code-review-run.ts';
import { runCli } from './support/run-cli.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

const states = (page: Page) =>
  page.locator('article.verdict').evaluateAll((all) => all.map((a) => `${a.dataset.item}=${a.dataset.labelState}`));

describe('labelling verdicts in the viewer, in Chromium', () => {
  let pack: string;
  let store: string;
  let viewer: ViewerProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    pack = codeReviewCopy();
    store = await codeReviewStore(pack);
    viewer = await startViewerProcess(store);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  it('labels three verdicts with the keyboard, and they are there after a reload', async () => {
    await page.goto(`${viewer.url}runs/1/cases/basic-vulnerabilities`);
    expect(await page.locator('.label-bar a').textContent()).toBe('12 to label in this run');
    expect(await states(page)).toEqual([
      'ssn-exposure=none',
      'missing-input-validation=none',
      'client-in-handler=none',
      'wildcard-cors=none',
      'no-error-handling=none',
    ]);
    // a: agree with ssn-exposure; d: the judge was wrong on missing-input-validation; n: skip
    // client-in-handler; c: the case is wrong about wildcard-cors.
    for (const key of ['a', 'd', 'n', 'c']) await page.keyboard.press(key);
    await page.locator('article[data-item="wildcard-cors"][data-label-state="case"]').waitFor();
    await page.reload();
    expect(await states(page)).toEqual([
      'ssn-exposure=agree',
      'missing-input-validation=judge',
      'client-in-handler=none',
      'wildcard-cors=case',
      'no-error-handling=none',
    ]);
    expect(await page.locator('.label-bar a').textContent()).toBe('9 to label in this run');
    // The next key press starts at the first verdict still to label.
    expect(await page.locator('article.verdict.current').getAttribute('data-item')).toBe('client-in-handler');
    await page.goto(`${viewer.url}runs/1/to-label`);
    expect(await page.locator('table.to-label tbody tr').count()).toBe(9);
  });

  it('writes only the labels table: the labels are in the store with the answer they were given on', () => {
    const db = EvalStore.open(store);
    const labels = db.labels('code-review');
    const answer = db.caseResults(1).find((r) => r.case.id === 'basic-vulnerabilities')?.transcript.answer;
    db.close();
    expect(labels.map((l) => [l.caseId, l.itemId, l.label, l.wrong ?? ''])).toEqual([
      ['basic-vulnerabilities', 'ssn-exposure', 'agree', ''],
      ['basic-vulnerabilities', 'missing-input-validation', 'disagree', 'judge'],
      ['basic-vulnerabilities', 'wildcard-cors', 'disagree', 'case'],
    ]);
    expect(labels.every((l) => l.answer === answer && l.verdict.model === 'judge:1b' && l.verdict.passed)).toBe(true);
  });

  it('refuses a label from another origin and a disagreement without a side', async () => {
    const post = (body: object, origin?: string) =>
      fetch(`${viewer.url}labels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin && { origin }) },
        body: JSON.stringify(body),
      });
    const target = { run: 1, caseId: 'subtle-issues', epoch: 0, kind: 'finding', itemId: 'nosql-injection' };
    const foreign = await post({ ...target, label: 'agree' }, 'http://evil.example');
    expect(foreign.status).toBe(403);
    const sideless = await post({ ...target, label: 'disagree' });
    expect(sideless.status).toBe(400);
    expect(await sideless.json()).toEqual({ error: 'a disagreement says which side was wrong (judge, agent or case)' });
  });

  it('--export writes the labels to the pack, and a fresh store reads them back', async () => {
    const exported = await runCli(store, ['calibrate', '--pack', pack, '--export']);
    const file = join(pack, 'calibration', 'labels.jsonl');
    expect(exported.stdout).toBe(`wrote 3 labels to ${file} (3 from the store, 0 kept from the file)\n`);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    const fresh = await runCli(tempStore(), ['calibrate', '--pack', pack, '--offline', '--judge-model', 'judge:1b']);
    expect(fresh.stderr).toBe('');
    expect(fresh.stdout).toContain(`· 3 labels (3 from ${file}, 0 from the store)\n`);
    // agree and judge-wrong count (the case-wrong one is left out): the judge passed both, people one.
    expect(fresh.stdout).toContain('\n  all         agree 1/2 = 50.0% ');
  });
});
