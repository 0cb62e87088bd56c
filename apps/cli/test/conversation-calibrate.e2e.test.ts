import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Label } from '@evalpacks/core';
import { labelVerdict } from '@evalpacks/core/calibration';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A path as the CLI prints it: relative to where the command was started (pnpm's INIT_CWD), when inside it. */
function printedPath(path: string): string {
  const near = relative(process.env.INIT_CWD ?? ROOT, path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

import { ROOT, runCli, summaryOf, tempStore } from './run-cli.ts';

/**
 * Labels on a conversation case (issue 25): a label carries the conversation, so calibrate asks the judge the
 * very question the run asked (the same fenced conversation) and the call cache answers it.
 */
const SHIPPED = fileURLToPath(new URL('data/desk-conversation-pack', import.meta.url));
const VERDICT = { reasoning: 'It asked for the order number first.', caught: true, turn: 2 };
const last = (messages: unknown[] | undefined) => JSON.stringify(messages?.at(-1) ?? null);
const CONVERSATION = [
  { role: 'user', text: 'I want a refund.' },
  { role: 'agent', text: 'What is your order number?' },
  { role: 'user', text: 'It is ORD-1001.' },
  {
    role: 'agent',
    text: 'Refunded ORD-1001.',
    toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' }, result: { refunds: ['ORD-1001'] } }],
  },
  { role: 'user', text: 'Thanks, that is all.' },
  { role: 'agent', text: 'Glad to help.' },
];

describe('calibrate on a labelled scripted conversation, on the Ollama stand-in', () => {
  let standIn: OllamaStandIn;
  let pack: string;
  let store: string;
  const judgeCalls = () => standIn.chatCalls({ hasFormat: true });
  const calibrate = (...extra: string[]) =>
    runCli(['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b', ...extra], {
      EVALPACKS_STORE: store,
    });

  beforeAll(async () => {
    // A copy (under the gitignored .evalpacks, so the pack still resolves its packages): --export writes into it.
    mkdirSync(join(ROOT, 'apps/cli/.evalpacks'), { recursive: true });
    pack = join(mkdtempSync(join(ROOT, 'apps/cli/.evalpacks/conv-labels-')), 'desk');
    cpSync(SHIPPED, pack, { recursive: true });
    store = tempStore();
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    standIn.script({ match: { hasFormat: true }, reply: { content: JSON.stringify(VERDICT) } });
    standIn.script({ match: (r) => last(r.messages).includes('refunds'), reply: { content: 'Refunded ORD-1001.' } });
    standIn.script({
      match: (r) => last(r.messages).includes('It is ORD-1001.'),
      reply: { toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] },
    });
    standIn.script({ match: (r) => last(r.messages).includes('that is all'), reply: { content: 'Glad to help.' } });
    standIn.script({ reply: { content: 'What is your order number?' } });
    const run = await runCli(
      ['eval', '--pack', pack, '--ollama-host', standIn.url, '--model', 'qwen3.5:4b', '--judge-model', 'judge:1b'],
      { EVALPACKS_STORE: store },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(summaryOf(run.stdout)).toContain('  model calls     5 made, 0 from the cache');
    // The person agrees with the run's verdict, as the viewer saves it: into the store's labels table.
    const db = EvalStore.open(store);
    const [result] = db.caseResults(1);
    const verdict = result?.verdicts[0];
    if (!result || verdict?.status !== 'ok') throw new Error('the run kept no judged verdict');
    const label = labelVerdict(result, verdict, { label: 'agree', labelledAt: '2026-12-02T13:00:00.000Z' });
    expect(label?.conversation).toEqual(CONVERSATION);
    db.saveLabel('desk-conversation', label as Label);
    db.close();
  }, 120_000);
  afterAll(async () => {
    await standIn?.close();
    if (pack) rmSync(join(pack, '..'), { recursive: true, force: true });
  });

  it('asks the judge the run question again, with the conversation: 0 model calls, the verdict from the cache', async () => {
    const before = judgeCalls().length;
    const result = await calibrate();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('· 1 labels (0 from ');
    expect(result.stdout).toContain('model calls 0 made, 1 from the cache\n');
    expect(judgeCalls().length).toBe(before);
    expect(result.stdout).toContain(
      'Agreement with people (1 items; positive = the item passes)\n' +
        '  all         agree 1/1 = 100.0% (95% CI 20.7–100.0%) · kappa n/a (judge and people each gave one outcome only)\n',
    );
  });

  it('a label without the conversation (as labels were before) is another label, and its question another call', async () => {
    const db = EvalStore.open(store);
    const [withTurns] = db.labels('desk-conversation');
    const { conversation: _turns, ...bare } = withTurns as Label;
    db.saveLabel('desk-conversation', bare);
    expect(db.labels('desk-conversation').map((label) => label.conversation?.length ?? 0)).toEqual([6, 0]);
    db.close();
    const before = judgeCalls().length;
    const result = await calibrate();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('· 2 labels (0 from ');
    expect(result.stdout).toContain('model calls 1 made, 1 from the cache\n');
    // The one call made: the judge saw the last reply alone, none of the earlier turns.
    const asked = judgeCalls().slice(before);
    expect(asked).toHaveLength(1);
    const prompt = JSON.stringify(asked[0]?.body.messages);
    expect(prompt).toContain('Glad to help.');
    expect(prompt).not.toContain('It is ORD-1001.');
    // Keep the store to the labelled conversation for the export below.
    const again = EvalStore.open(store);
    const bareKey = again.labelRefs('desk-conversation')[1]?.key as string;
    expect(again.removeLabel('desk-conversation', bareKey)).toBe(true);
    again.close();
  });

  it('--export writes the conversation with the label; read back from the file, it is still the run question', async () => {
    const exported = await calibrate('--export');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const file = join(pack, 'calibration', 'labels.jsonl');
    expect(exported.stdout).toBe(`wrote 1 labels to ${printedPath(file)} (1 from the store, 0 kept from the file)\n`);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const written = JSON.parse(lines[0] as string) as Label;
    expect([written.caseId, written.itemId, written.answer, written.conversation]).toEqual([
      'refund-in-three-turns',
      'asked-order',
      'Glad to help.',
      CONVERSATION,
    ]);
    // The label from the file alone (the store's removed): its conversation makes it the run's question, which
    // the store's call cache answers offline.
    const db = EvalStore.open(store);
    expect(db.removeLabel('desk-conversation', db.labelRefs('desk-conversation')[0]?.key as string)).toBe(true);
    db.close();
    const before = judgeCalls().length;
    const fromFile = await calibrate('--offline');
    expect(fromFile.stderr).toBe('');
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain(' · 1 labels (1 from ');
    expect(fromFile.stdout).toContain('labels.jsonl, 0 from the store)\n');
    expect(fromFile.stdout).toContain('model calls 0 made, 1 from the cache\n');
    expect(fromFile.stdout).toContain('  all         agree 1/1 = 100.0%');
    expect(judgeCalls().length).toBe(before);
  });
});
