import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore, SCHEMA_VERSION } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

describe('EvalStore', () => {
  it('creates a versioned database and round-trips a run with its transcripts and verdicts', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ gitCommit: 'deadbeef' }));
    expect(run).toMatchObject({ id: 1, status: 'running', gitCommit: 'deadbeef', judge: { model: 'judge:1b' } });
    const first = caseResult('a');
    const second = { ...caseResult('b', 0, 'passed'), transcript: { ...caseResult('b').transcript, sample: true } };
    store.saveCaseResult(run.id, first, (role, usage) => (role === 'agent' ? usage.input / 1000 : 0));
    store.saveCaseResult(run.id, second);
    store.setRunStatus(run.id, 'completed', '2025-01-01T10:01:00.000Z');
    store.close();

    const again = EvalStore.open(path);
    expect(again.caseResults(run.id)).toEqual([first, second]);
    expect(again.run(run.id)).toMatchObject({ status: 'completed', finishedAt: '2025-01-01T10:01:00.000Z' });
    again.close();

    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT cost_usd FROM transcripts WHERE case_id = ?').pluck().get('a')).toBe(0.1);
    expect(db.prepare('SELECT reasoning FROM verdicts WHERE case_id = ? AND position = 0').pluck().get('a')).toBe(
      'It names the leak.',
    );
    db.close();
  });

  it('replaces a case and epoch saved twice instead of keeping both', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    store.saveCaseResult(run.id, caseResult('a'));
    store.saveCaseResult(run.id, caseResult('a', 1));
    store.saveCaseResult(run.id, caseResult('a', 0, 'passed'));
    expect(store.caseResults(run.id).map((r) => [r.case.id, r.epoch, r.status])).toEqual([
      ['a', 1, 'failed'],
      ['a', 0, 'passed'],
    ]);
    store.close();
  });

  it('finds the newest unfinished eval run and counts passes of completed runs only', () => {
    const store = EvalStore.open(tempStorePath());
    const done = store.beginRun(runMeta());
    // A pass with nothing left unjudged, and a failure: what the run's grade counts as one pass of two.
    store.saveCaseResult(done.id, { ...caseResult('a', 0, 'passed'), verdicts: [] });
    store.saveCaseResult(done.id, caseResult('b', 0, 'failed'));
    store.setRunStatus(done.id, 'completed', '2025-01-01T11:00:00.000Z');
    const killed = store.beginRun(runMeta());
    const other = store.beginRun(runMeta({ pack: 'other' }));
    store.setRunStatus(other.id, 'interrupted');
    expect(store.latestUnfinishedRun('code-review')?.id).toBe(killed.id);
    expect(store.latestUnfinishedRun()?.id).toBe(other.id);
    expect(store.runOutcomes('code-review').map((r) => [r.id, r.passed, r.total])).toEqual([[done.id, 1, 2]]);
    store.close();
  });

  it('records the shard a run ran, and finds the newest completed run of any pack', () => {
    const store = EvalStore.open(tempStorePath());
    const whole = store.beginRun(runMeta());
    store.setRunStatus(whole.id, 'completed', '2025-01-01T11:00:00.000Z');
    const part = store.beginRun(runMeta({ pack: 'other', shard: { index: 2, count: 4 } }));
    expect(store.latestCompletedRun()?.id).toBe(whole.id);
    store.setRunStatus(part.id, 'completed', '2025-01-01T12:00:00.000Z');
    expect(store.latestCompletedRun()).toMatchObject({ id: part.id, pack: 'other', shard: { index: 2, count: 4 } });
    expect(store.run(whole.id)?.shard).toBeUndefined();
    store.close();
  });

  it('keeps call-cache entries across opens and overwrites an entry on refresh', async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const cache = store.callCache();
    expect(await cache.get('k')).toBeUndefined();
    await cache.set('k', { message: { content: 'one' } }, { role: 'agent', backend: 'ollama', model: 'm' });
    await cache.set('k', { message: { content: 'two' } }, { role: 'agent', backend: 'ollama', model: 'm' });
    store.close();
    const again = EvalStore.open(path);
    expect(await again.callCache().get('k')).toEqual({ message: { content: 'two' } });
    again.close();
  });
});
