import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseResult, RunResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { htmlReport } from '../src/report/html-report.ts';
import { launchChromium } from './support/browser.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

/** Payloads in every text a model, a tool or the case file gives: each must stay text on the page. */
const XSS = (where: string) => `<img src=x onerror="window.__xss='${where}'"><script>window.__xss='${where}'</script>`;

/** A simulated-user conversation (3 agent replies, one tool call, ended by ###STOP###) and a turn-limit one. */
function conversation(id: string, end: 'user-stop' | 'turn-limit'): CaseResult {
  const base = caseResult(id, 0, 'passed');
  const turns = [
    { role: 'user' as const, text: `I want a refund. ${XSS('user')}` },
    { role: 'agent' as const, text: 'Could you give me the order number?' },
    { role: 'user' as const, text: "It's ORD-1001." },
    {
      role: 'agent' as const,
      text: `Refunded. ${XSS('agent')}`,
      toolCalls: [{ name: 'refund_order', arguments: { order: 'ORD-1001' }, result: { ok: XSS('tool') } }],
    },
  ];
  return {
    ...base,
    case: {
      ...base.case,
      input: turns[0]?.text ?? '',
      expectedFindings: [],
      expectedAbsent: [],
      user: {
        simulated: {
          persona: 'A regular customer, polite, in a hurry.',
          goal: `Get a refund for the lost parcel ORD-1001. ${XSS('goal')}`,
          facts: ['Order number: ORD-1001', 'The parcel never arrived'],
          behaviour: 'patient',
        },
        maxTurns: 6,
      },
    },
    status: end === 'turn-limit' ? 'error' : 'passed',
    reasons: end === 'turn-limit' ? ['turn limit reached without ###STOP###'] : [],
    transcript: {
      ...base.transcript,
      input: turns[0]?.text ?? '',
      answer: turns[3]?.text ?? '',
      toolCalls: turns[3]?.toolCalls ?? [],
      turns: 3,
      conversation: turns,
      conversationEnd: end,
      ...(end === 'turn-limit' && { userError: undefined }),
    },
    verdicts: [],
  };
}

const RESULTS = [conversation('refund-asks-first', 'user-stop'), conversation('refund-turn-limit', 'turn-limit')];

describe('a conversation in Chromium: a chat, the hidden user apart, payload text inert', () => {
  let viewer: ViewerProcess;
  let browser: Browser;
  let report: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ epochs: 1, startedAt: '2026-12-02T05:00:00.000Z' }));
    for (const result of RESULTS) store.saveCaseResult(run.id, result);
    store.completeRun(run.id, '2026-12-02T05:01:00.000Z', gradeRun({ cases: RESULTS }));
    store.close();
    const whole: RunResult = {
      pack: 'support-tickets',
      variant: 'baseline',
      agent: { backend: 'ollama', model: 'qwen3.5:4b' },
      startedAt: '2026-12-02T05:00:00.000Z',
      finishedAt: '2026-12-02T05:01:00.000Z',
      cases: RESULTS,
    };
    report = join(dirname(path), 'report.html');
    writeFileSync(report, htmlReport(whole));
    viewer = await startViewerProcess(path);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url);
    return page;
  }

  /** What both the viewer's case page and the HTML report must show of the first case. */
  async function expectChat(page: Page, scope: string) {
    const turns = page.locator(`${scope} .chat .turn`);
    expect(await turns.evaluateAll((els) => els.map((el) => el.className))).toEqual([
      'turn turn-user',
      'turn turn-agent',
      'turn turn-user',
      'turn turn-agent',
    ]);
    expect(await page.locator(`${scope} .chat .turn .bubble`).allTextContents()).toEqual([
      `I want a refund. ${XSS('user')}`,
      'Could you give me the order number?',
      "It's ORD-1001.",
      `Refunded. ${XSS('agent')}`,
    ]);
    // The tool call is folded under its turn, closed until asked for.
    const tools = page.locator(`${scope} .chat .turn[data-turn="4"] details.turn-tools`);
    expect(await tools.evaluate((el) => (el as unknown as { open: boolean }).open)).toBe(false);
    expect(await tools.locator('summary').textContent()).toBe('1 tool call');
    expect(await page.locator(`${scope} .chat details.turn-tools`).count()).toBe(1);
    expect(await page.locator(`${scope} .conversation-end`).first().textContent()).toBe(
      'ended: the simulated user ended it (###STOP###)',
    );
    // The simulated user's brief is apart from the chat and says it is hidden from the agent.
    const hidden = page.locator(`${scope} aside.hidden-user`).first();
    expect(await hidden.locator('h4').textContent()).toBe('Simulated user hidden from the agent');
    expect(await hidden.locator('.goal').textContent()).toBe(
      `Get a refund for the lost parcel ORD-1001. ${XSS('goal')}`,
    );
    expect(await hidden.locator('.facts li').allTextContents()).toEqual([
      'Order number: ORD-1001',
      'The parcel never arrived',
    ]);
    expect(await page.locator('.chat aside, .chat .goal, .chat .facts').count()).toBe(0);
    // Inert: no element came from a payload (the viewer's own label script aside), nothing ran.
    expect(await page.locator('img, script:not([src^="/assets/"])').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  }

  it('the viewer case page shows the conversation as a chat', async () => {
    const page = await open(new URL('runs/1/cases/refund-asks-first', viewer.url).href);
    await expectChat(page, 'main');
    // Single-message sections are replaced by the chat, not shown beside it.
    expect(await page.locator('.answer').count()).toBe(0);
    await page.close();
  });

  it('the viewer says a turn-limit conversation stopped there, not that the agent failed', async () => {
    const page = await open(new URL('runs/1/cases/refund-turn-limit', viewer.url).href);
    expect(await page.locator('.conversation-end').textContent()).toBe(
      'ended: stopped at the turn limit without ###STOP###: reported as such, not as an agent failure',
    );
    expect(await page.locator('.conversation-end').getAttribute('data-end')).toBe('turn-limit');
    await page.close();
  });

  it('the HTML report shows the same chat from file://', async () => {
    const page = await open(pathToFileURL(report).href);
    await expectChat(page, '#case-0');
    await page.close();
  });
});
