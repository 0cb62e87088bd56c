import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CaseResult, loadPackCases, type Pack, type RunResult, type Verdict } from '@evalpacks/core';
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

const PACK = join(ROOT, 'domains/support-tickets');
/**
 * The shipped pack's scripted conversation conv-3 as a run would keep it, its rubric judged at the last
 * agent turn: calibrate holds a label to the pack's case (its id, input and items), so this one counts.
 */
async function packResult(): Promise<CaseResult> {
  const pack = ((await import(join(PACK, 'src/index.ts'))) as { default: Pack }).default;
  const testCase = (await loadPackCases(pack)).find((c) => c.id === 'conv-3');
  if (!testCase?.user?.script) throw new Error('support-tickets has no scripted case conv-3');
  const [orderId, address] = testCase.user.script;
  return {
    ...RESULT,
    case: testCase,
    status: 'passed',
    transcript: {
      ...RESULT.transcript,
      input: testCase.input,
      answer: 'Done: ORD-1043 will go to 18 Church Street, Apt 4, Montpelier, VT 05602.',
      conversation: [
        { role: 'user', text: testCase.input },
        { role: 'agent', text: 'Which order is it?' },
        { role: 'user', text: orderId ?? '' },
        { role: 'agent', text: 'And the new address?' },
        { role: 'user', text: address ?? '' },
        { role: 'agent', text: 'Done: ORD-1043 will go to 18 Church Street, Apt 4, Montpelier, VT 05602.' },
      ],
    },
    // The rubric's last requirement (confirms the new address) is met at the agent's last turn.
    verdicts: [judged('rubric', 'rubric', true, { turn: 6 })],
    reasons: [],
  };
}

/**
 * A scripted conversation whose verdicts rest on turns 2 and 4, one on the whole conversation, and one
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
    const results = [RESULT, await packResult()];
    store = tempStorePath();
    const db = EvalStore.open(store);
    const run = db.beginRun(runMeta({ pack: 'support-tickets', startedAt: '2026-12-02T05:00:00.000Z' }));
    for (const result of results) db.saveCaseResult(run.id, result);
    db.completeRun(run.id, '2026-12-02T05:01:00.000Z', gradeRun({ cases: results }));
    db.close();
    const whole: RunResult = {
      pack: 'support-tickets',
      variant: 'baseline',
      agent: { backend: 'ollama', model: 'qwen3.5:4b' },
      startedAt: '2026-12-02T05:00:00.000Z',
      finishedAt: '2026-12-02T05:01:00.000Z',
      cases: results,
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
    expect(await page.locator('.label-bar a').textContent()).toBe('4 to label in this run');
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
    expect(await page.locator('.label-bar a').textContent()).toBe('1 to label in this run');
    // The shipped case's rubric, at its turn: agreed by key.
    await page.goto(`${viewer.url}runs/1/cases/conv-3`);
    expect(await placed(page, 'main')).toEqual(['rubric@6']);
    await page.keyboard.press('a');
    await page.locator('article[data-item="rubric"][data-label-state="agree"]').waitFor();
    await page.close();

    const db = EvalStore.open(store);
    const labels = db.labels('support-tickets');
    db.close();
    const done = 'Done: ORD-1043 will go to 18 Church Street, Apt 4, Montpelier, VT 05602.';
    expect(labels.map((l) => [l.caseId, l.kind, l.itemId, l.label, l.wrong ?? '', l.answer, l.verdict.passed])).toEqual(
      [
        ['refund-asks-first', 'finding', 'asked-order', 'agree', '', 'Refunded ORD-1001.', true],
        ['refund-asks-first', 'finding', 'refund-told', 'disagree', 'agent', 'Refunded ORD-1001.', false],
        ['refund-asks-first', 'rubric', 'rubric', 'disagree', 'judge', 'Refunded ORD-1001.', true],
        ['conv-3', 'rubric', 'rubric', 'agree', '', done, true],
      ],
    );
    // Each label holds its conversation, every turn in order: the key tells it from another conversation that
    // ends in the same reply, and calibrate shows the judge these turns.
    const conv3 = (await packResult()).transcript.conversation;
    expect(labels.map((l) => l.conversation)).toEqual([
      RESULT.transcript.conversation,
      RESULT.transcript.conversation,
      RESULT.transcript.conversation,
      conv3,
    ]);
    expect(labels[0]?.conversation?.map((turn) => `${turn.role}: ${turn.text}`)).toEqual([
      'user: My parcel never arrived.',
      'agent: Which order is it?',
      "user: It's ORD-1001.",
      'agent: Refunded ORD-1001.',
    ]);
  });

  it('calibrate counts the labels given on the conversation', async () => {
    const result = await runCli(store, ['calibrate', '--pack', PACK, '--offline', '--judge-model', 'judge:1b']);
    expect(result.stderr).toBe('');
    // The shipped pack's own starter labels come first (offline, none judged: not counted below); the path is
    // printed relative to where the command was started, or whole.
    const shipped = readFileSync(join(PACK, 'calibration', 'labels.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean).length;
    expect(result.stdout).toMatch(
      new RegExp(
        `^evalpacks calibrate · support-tickets · ${shipped + 4} labels \\(${shipped} from \\S*domains/support-tickets/calibration/labels\\.jsonl, 4 from the store\\)\n`,
      ),
    );
    // The label on the shipped case's verdict is used; the fixture's case is not in the pack, so its are stale.
    expect(result.stdout).toContain(
      'Agreement with people (1 items; positive = the item passes)\n' +
        '  all         agree 1/1 = 100.0% (95% CI 20.7–100.0%) · kappa n/a (judge and people each gave one outcome only)\n',
    );
    expect(result.stdout).toContain(
      'Stale labels, left out (3)\n' +
        '  refund-asks-first · asked-order: case "refund-asks-first" is not in the pack\n',
    );
  });

  it('the HTML report shows each verdict at its turn too, without labelling', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(report).href);
    const section = page.locator('section.case-section', { hasText: 'Refund, order number asked first' });
    const id = await section.getAttribute('id');
    expect(await placed(page, `#${id}`)).toEqual(['asked-order@2', 'refund-told@4', 'rubric@after']);
    expect(await page.locator(`#${id} .chat .turn[data-turn="4"] .verdict-label`).textContent()).toBe('MISSED');
    expect(await page.locator('.labelling').count()).toBe(0);
    await page.close();
  });
});
