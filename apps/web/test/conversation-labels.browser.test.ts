import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseResult, RunResult, Verdict } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { htmlReport } from '../src/report/html-report.ts';
import { launchChromium } from './support/browser.ts';
import { ROOT, runCli } from './support/run-cli.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

const judged = (itemId: string, kind: Verdict['kind'], passed: boolean, extra: object = {}): Verdict => ({
  kind,
  itemId,
  model: 'judge:1b',
  usage: { input: 50, output: 20 },
  latencyMs: 4,
  promptVersion: 'risen-judge-v4',
  status: 'ok',
  reasoning: `${itemId}: as the judge read it`,
  passed,
  ...extra,
});

/**
 * A scripted refund conversation whose verdicts rest on turns 2 and 4, one on the whole conversation, and one
 * whose judge named a turn the conversation does not have (dropped, so it stays after the conversation).
 */
const RESULT: CaseResult = {
  case: {
    id: 'refund-asks-first',
    name: 'Refund, order number asked first',
    description: '',
    input: 'My parcel never arrived.',
    expectedFindings: [
      { id: 'asked-order', description: 'Asks for the order number', severity: 'high', keywords: [] },
      { id: 'refund-told', description: 'Says the refund was made', severity: 'medium', keywords: [] },
    ],
    expectedAbsent: [],
    rubric: 'Polite throughout.',
    user: { script: ["It's ORD-1001."], maxTurns: 4 },
  },
  epoch: 0,
  status: 'failed',
  transcript: {
    input: 'My parcel never arrived.',
    answer: 'Refunded ORD-1001.',
    toolCalls: [],
    turns: 2,
    usage: { input: 200, output: 30 },
    latencyMs: 20,
    model: 'qwen3.5:4b',
    conversation: [
      { role: 'user', text: 'My parcel never arrived.' },
      { role: 'agent', text: 'Which order is it?' },
      { role: 'user', text: "It's ORD-1001." },
      { role: 'agent', text: 'Refunded ORD-1001.' },
    ],
    conversationEnd: 'script-end',
  },
  checks: [],
  verdicts: [
    judged('asked-order', 'finding', true, { turn: 2 }),
    judged('refund-told', 'finding', false, { turn: 4 }),
    judged('rubric', 'rubric', true, { turnNote: 'the judge named turn 9; the conversation has 4 turns: dropped' }),
  ],
  reasons: ['missed refund-told'],
  judgeUsage: { input: 150, output: 60 },
};

/** Each verdict's item and the turn it is shown at on the page ('after' when after the conversation). */
const placed = (page: Page, scope: string) =>
  page
    .locator(`${scope} article.verdict`)
    .evaluateAll((all) =>
      all.map((a) => `${a.dataset.item}@${a.closest('.turn')?.getAttribute('data-turn') ?? 'after'}`),
    );

describe('verdicts of a conversation at their turns, labelled in the viewer, in Chromium', () => {
  let store: string;
  let report: string;
  let viewer: ViewerProcess;
  let browser: Browser;

  beforeAll(async () => {
    store = tempStorePath();
    const db = EvalStore.open(store);
    const run = db.beginRun(runMeta({ pack: 'support-tickets', startedAt: '2026-12-02T05:00:00.000Z' }));
    db.saveCaseResult(run.id, RESULT);
    db.completeRun(run.id, '2026-12-02T05:01:00.000Z', gradeRun({ cases: [RESULT] }));
    db.close();
    const whole: RunResult = {
      pack: 'support-tickets',
      variant: 'baseline',
      agent: { backend: 'ollama', model: 'qwen3.5:4b' },
      startedAt: '2026-12-02T05:00:00.000Z',
      finishedAt: '2026-12-02T05:01:00.000Z',
      cases: [RESULT],
    };
    report = join(dirname(store), 'report.html');
    writeFileSync(report, htmlReport(whole));
    viewer = await startViewerProcess(store);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  it('the viewer shows each verdict at its turn, the rest after the conversation', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${viewer.url}runs/1/cases/refund-asks-first`);
    expect(await placed(page, 'main')).toEqual(['asked-order@2', 'refund-told@4', 'rubric@after']);
    expect(await page.locator('.chat .turn[data-turn="2"] .turn-verdicts .verdict-label').textContent()).toBe('CAUGHT');
    expect(await page.locator('article.verdict[data-item="rubric"] .turn-note').textContent()).toBe(
      'the judge named turn 9; the conversation has 4 turns: dropped',
    );
    await page.close();
  });

  it('labels a verdict at a turn by key and one after the conversation by button; the store keeps both', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${viewer.url}runs/1/cases/refund-asks-first`);
    expect(await page.locator('.label-bar a').textContent()).toBe('3 to label in this run');
    // The keys start at the first verdict still to label: the one at turn 2. a agrees; g: the agent was wrong.
    expect(await page.locator('article.verdict.current').getAttribute('data-item')).toBe('asked-order');
    await page.keyboard.press('a');
    await page.keyboard.press('g');
    await page.locator('article[data-item="rubric"] button[data-wrong="judge"]').click();
    await page.locator('article[data-item="rubric"][data-label-state="judge"]').waitFor();
    await page.reload();
    const states = await page
      .locator('article.verdict')
      .evaluateAll((all) => all.map((a) => `${a.dataset.item}=${a.dataset.labelState}`));
    expect(states).toEqual(['asked-order=agree', 'refund-told=agent', 'rubric=judge']);
    expect(await page.locator('.chat .turn[data-turn="4"] .label-state').textContent()).toBe(
      'disagreed: the agent was wrong',
    );
    await page.close();

    const db = EvalStore.open(store);
    const labels = db.labels('support-tickets');
    db.close();
    expect(labels.map((l) => [l.caseId, l.kind, l.itemId, l.label, l.wrong ?? '', l.answer, l.verdict.passed])).toEqual([
      ['refund-asks-first', 'finding', 'asked-order', 'agree', '', 'Refunded ORD-1001.', true],
      ['refund-asks-first', 'finding', 'refund-told', 'disagree', 'agent', 'Refunded ORD-1001.', false],
      ['refund-asks-first', 'rubric', 'rubric', 'disagree', 'judge', 'Refunded ORD-1001.', true],
    ]);
  });

  it('calibrate counts the labels given on the conversation', async () => {
    const pack = join(ROOT, 'domains/support-tickets');
    const result = await runCli(store, ['calibrate', '--pack', pack, '--offline', '--judge-model', 'judge:1b']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('· 3 labels (');
    expect(result.stdout).toContain(', 3 from the store)\n');
  });

  it('the HTML report shows each verdict at its turn too, without labelling', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(report).href);
    expect(await placed(page, '#case-0')).toEqual(['asked-order@2', 'refund-told@4', 'rubric@after']);
    expect(await page.locator('#case-0 .chat .turn[data-turn="4"] .verdict-label').textContent()).toBe('MISSED');
    expect(await page.locator('.labelling').count()).toBe(0);
    await page.close();
  });
});
