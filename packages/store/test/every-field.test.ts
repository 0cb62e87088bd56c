import { TranscriptSchema, type Verdict, VerdictSchema } from '@evalpacks/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/migrations.ts';
import { caseResult, fullResult, runMeta, tempStorePath } from './support.ts';

const optionalKeys = (shape: Record<string, { safeParse(v: undefined): { success: boolean } }>) =>
  Object.entries(shape)
    .filter(([, field]) => field.safeParse(undefined).success)
    .map(([key]) => key);

describe('every transcript and verdict field', () => {
  it('the fixture sets every key the schemas define, so a new field must be stored too', () => {
    const result = fullResult();
    expect(Object.keys(result.transcript).sort()).toEqual(Object.keys(TranscriptSchema.shape).sort());
    expect(optionalKeys(TranscriptSchema.shape).every((key) => key in result.transcript)).toBe(true);
    for (const option of VerdictSchema.options) {
      const verdict = result.verdicts.find((v) => v.status === option.shape.status.value) as Verdict;
      expect(Object.keys(verdict).sort()).toEqual(Object.keys(option.shape).sort());
    }
  });

  it('round-trips a result with every optional field set', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    const full = fullResult();
    const plain = caseResult('plain');
    store.saveCaseResult(run.id, full);
    store.saveCaseResult(run.id, plain);
    store.close();
    const again = EvalStore.open(path);
    expect(again.caseResults(run.id)).toEqual([full, plain]);
    expect(again.caseResults(run.id)[1]?.transcript).not.toHaveProperty('turnLimitReached');
    again.close();
  });

  it('reads a result back with its keys in one order, whole run or one case at a time (results.json writes that order)', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    const full = fullResult();
    store.saveCaseResult(run.id, full);
    const [whole] = store.caseResults(run.id);
    const [oneCase] = store.caseResults(run.id, 'full');
    expect(oneCase).toEqual(full);
    expect(JSON.stringify(oneCase)).toBe(JSON.stringify(whole));
    expect(Object.keys(oneCase ?? {})).toEqual([
      'case',
      'epoch',
      'status',
      'transcript',
      'checks',
      'verdicts',
      'reasons',
      'judgeUsage',
    ]);
    expect(Object.keys(oneCase?.transcript ?? {})).toEqual([
      'input',
      'answer',
      'toolCalls',
      'turns',
      'usage',
      'latencyMs',
      'model',
      'error',
      'sample',
      'retries',
      'turnLimitReached',
      'answerCut',
      'stopReason',
      'thinking',
      'promptTruncatedTo',
      'endState',
      'conversation',
      'conversationEnd',
      'userError',
      'userUsage',
    ]);
    const base = ['kind', 'itemId', 'model', 'usage', 'latencyMs', 'retries', 'promptVersion', 'stopReason'];
    expect(oneCase?.verdicts.map((verdict) => Object.keys(verdict))).toEqual([
      [...base, 'status', 'reasoning', 'passed', 'confidence', 'turn', 'turnNote'],
      [...base, 'status', 'error', 'raw'],
      [...base, 'status', 'reason'],
    ]);
    store.close();
  });

  it('upgrades a version 1 database and keeps its results readable', () => {
    const path = tempStorePath();
    const old = new Database(path);
    old.pragma('application_id = 0x45564c50');
    old.exec(MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    old.close();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    const full = fullResult();
    store.saveCaseResult(run.id, full);
    expect(store.caseResults(run.id)).toEqual([full]);
    store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(
      db
        .prepare(
          'SELECT turn_limit_reached, retries, stop_reason, prompt_truncated_to, end_state_json FROM transcripts',
        )
        .get(),
    ).toEqual({
      turn_limit_reached: 1,
      retries: 2,
      stop_reason: 'length',
      prompt_truncated_to: 2050,
      end_state_json: '{"refunds":[{"orderId":"ORD-1","amount":24.99}],"cancelled":[]}',
    });
    db.close();
  });
});
