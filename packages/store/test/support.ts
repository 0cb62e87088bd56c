import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import type { RunMeta } from '../src/index.ts';

export function tempStorePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'evalpacks-store-')), 'evalpacks.db');
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function runMeta(fields: Partial<RunMeta> = {}): RunMeta {
  return {
    kind: 'eval',
    pack: 'code-review',
    variant: 'baseline',
    promptHash: 'abc123',
    agent: { backend: 'ollama', model: 'qwen3.5:4b' },
    judge: { backend: 'ollama', model: 'judge:1b' },
    epochs: 1,
    offline: false,
    config: { maxTurns: 6 },
    startedAt: '2025-01-01T10:00:00.000Z',
    ...fields,
  };
}

/** A result with one verdict of each status, so a round trip covers every column. */
export function caseResult(id: string, epoch = 0, status: CaseResult['status'] = 'failed'): CaseResult {
  return {
    case: {
      id,
      name: `Case ${id}`,
      description: 'd',
      input: 'const x = 1;',
      expectedFindings: [{ id: 'leak', description: 'Leaks', severity: 'high', keywords: ['leak'] }],
      expectedAbsent: ['the constant'],
      rubric: 'be brief',
    },
    epoch,
    status,
    transcript: {
      input: 'const x = 1;',
      answer: `review of ${id}`,
      toolCalls: [{ name: 'lookup', arguments: { id: 7 }, result: { ok: true } }],
      turns: 2,
      usage: { input: 100, output: 40 },
      latencyMs: 12.5,
      model: 'qwen3.5:4b',
    },
    checks: [{ id: 'table', name: 'Table', part: 'expectation', passed: true, detail: 'found' }],
    verdicts: [
      {
        kind: 'finding',
        itemId: 'leak',
        model: 'judge:1b',
        usage: { input: 10, output: 5 },
        latencyMs: 3,
        status: 'ok',
        reasoning: 'It names the leak.',
        passed: false,
      },
      {
        kind: 'absent',
        itemId: 'absent-1',
        model: 'judge:1b',
        usage: { input: 10, output: 5 },
        latencyMs: 3,
        status: 'error',
        error: 'unparseable',
        raw: 'yes',
      },
      {
        kind: 'rubric',
        itemId: 'rubric',
        model: '',
        usage: { input: 0, output: 0 },
        latencyMs: 0,
        status: 'skipped',
        reason: 'offline',
      },
    ],
    reasons: ['steps: missed finding "leak": Leaks'],
    judgeUsage: { input: 20, output: 10 },
  };
}

/** A result with every optional transcript and verdict field set, so a field the store drops fails the round trip. */
export function fullResult(): CaseResult {
  const base = caseResult('full');
  return {
    ...base,
    transcript: {
      ...base.transcript,
      toolCalls: [{ name: 'lookup', arguments: { id: 7 }, result: { ok: true }, error: 'boom' }],
      retries: 2,
      error: 'stopped',
      turnLimitReached: true,
      sample: true,
      answerCut: 20_000_000,
      stopReason: 'length',
      thinking: 'First the diff, then the tests.',
      promptTruncatedTo: 2050,
      endState: { refunds: [{ orderId: 'ORD-1', amount: 24.99 }], cancelled: [] },
      conversation: [
        { role: 'user', text: 'I want a refund.' },
        { role: 'agent', text: 'Order number?', toolCalls: [{ name: 'lookup', arguments: { id: 7 } }] },
        { role: 'user', text: 'ORD-1' },
      ],
      conversationEnd: 'user-error',
      userError: 'the user answered in the agent\'s voice: "How can I help?"',
      userUsage: { input: 300, output: 40 },
    },
    verdicts: base.verdicts.map((verdict, index) => ({
      ...verdict,
      retries: index + 1,
      promptVersion: 'judge-v9',
      stopReason: 'end',
      // A real verdict has a turn or a note on a dropped one, not both; both here so each column is round-tripped.
      ...(verdict.status === 'ok' && { confidence: 0.62, turn: 2, turnNote: 'the judge named turn 9; dropped' }),
    })) as CaseResult['verdicts'],
  };
}
