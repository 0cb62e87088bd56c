import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EvalStore, StoreError } from '../src/index.ts';
import { caseResult, runMeta, sha256, tempStorePath } from './support.ts';

const withAnswer = (id: string, epoch: number, status: 'passed' | 'failed' | 'error', answer: string) => {
  const result = caseResult(id, epoch, status);
  return { ...result, transcript: { ...result.transcript, answer } };
};

/** Run 1: a passes, b fails, c flips between epochs; run 2 of another pack and model, still running. */
function seeded(): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const first = store.beginRun(runMeta({ epochs: 2 }));
  const cost = (role: 'agent' | 'judge' | 'user') => (role === 'agent' ? 0.01 : 0.002);
  for (const epoch of [0, 1]) {
    store.saveCaseResult(first.id, withAnswer('a', epoch, 'passed', 'all fine'), cost);
    store.saveCaseResult(first.id, withAnswer('b', epoch, 'failed', 'missed the 50% discount'), cost);
    store.saveCaseResult(first.id, withAnswer('c', epoch, epoch === 0 ? 'passed' : 'error', 'flaky one'), cost);
  }
  store.setRunStatus(first.id, 'completed', '2025-01-01T10:05:00.000Z');
  const second = store.beginRun(runMeta({ pack: 'support-tickets', agent: { backend: 'ollama', model: 'small:1b' } }));
  store.saveCaseResult(second.id, withAnswer('t1', 0, 'passed', 'refunded'));
  store.close();
  return path;
}

describe('the read queries the viewer pages use', () => {
  it('lists runs newest first with their counts and cost, filtered by pack, variant or model', () => {
    const store = EvalStore.openReadOnly(seeded());
    const page = store.runPage({ limit: 10, offset: 0 });
    expect(page.matching).toBe(2);
    expect(page.runs.map((run) => [run.id, run.status, run.passed, run.errors, run.total])).toEqual([
      [2, 'running', 1, 0, 1],
      [1, 'completed', 3, 1, 6],
    ]);
    // Six transcripts at 1 cent, and each result's two priced verdicts (the skipped one too) at 0.2 cents.
    expect(page.runs[1]?.costUsd).toBeCloseTo(6 * 0.01 + 18 * 0.002, 10);
    expect(page.runs[0]?.costUsd).toBeUndefined();
    expect(store.runPage({ pack: 'support-tickets', limit: 10, offset: 0 }).runs.map((r) => r.id)).toEqual([2]);
    expect(store.runPage({ model: 'judge:1b', limit: 10, offset: 0 }).matching).toBe(2);
    expect(store.runPage({ model: 'small:1b', limit: 10, offset: 0 }).runs.map((r) => r.id)).toEqual([2]);
    expect(store.runPage({ variant: 'v2', limit: 10, offset: 0 }).matching).toBe(0);
    expect(store.runPage({ limit: 1, offset: 1 }).runs.map((r) => r.id)).toEqual([1]);
    expect(store.runFacets()).toEqual({
      packs: ['code-review', 'support-tickets'],
      variants: ['baseline'],
      models: ['judge:1b', 'qwen3.5:4b', 'small:1b'],
    });
    store.close();
  });

  it('pages a run by case with status filters, search and counts per filter', () => {
    const store = EvalStore.openReadOnly(seeded());
    const all = store.casePage(1, { filter: 'all', limit: 10, offset: 0 });
    expect(all.counts).toEqual({ all: 3, failed: 1, errors: 1, flaky: 1, passed: 1 });
    expect(all.cases.map((c) => [c.caseId, c.name, c.epochs.map((e) => e.status).join('/')])).toEqual([
      ['a', 'Case a', 'passed/passed'],
      ['b', 'Case b', 'failed/failed'],
      ['c', 'Case c', 'passed/error'],
    ]);
    expect(all.cases[1]?.reason).toBe('steps: missed finding "leak": Leaks');
    // Every saved result holds one skipped verdict (its rubric): one item not judged in each epoch.
    expect(all.cases.map((c) => c.epochs.map((e) => e.notJudged))).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    const ids = (query: Parameters<EvalStore['casePage']>[1]) => store.casePage(1, query).cases.map((c) => c.caseId);
    expect(ids({ filter: 'failed', limit: 10, offset: 0 })).toEqual(['b']);
    expect(ids({ filter: 'errors', limit: 10, offset: 0 })).toEqual(['c']);
    expect(ids({ filter: 'flaky', limit: 10, offset: 0 })).toEqual(['c']);
    expect(ids({ filter: 'passed', limit: 10, offset: 0 })).toEqual(['a']);
    expect(ids({ filter: 'all', limit: 2, offset: 2 })).toEqual(['c']);
    // Search reads the answer, and % is a literal character, not a wildcard.
    expect(ids({ filter: 'all', search: '50%', limit: 10, offset: 0 })).toEqual(['b']);
    expect(ids({ filter: 'all', search: '5%0', limit: 10, offset: 0 })).toEqual([]);
    expect(store.casePage(1, { filter: 'all', search: 'FLAKY', limit: 10, offset: 0 }).counts.all).toBe(1);
    store.close();
  });

  it('tells a live view which cases were saved after its cursor, and what each epoch cost', () => {
    const path = seeded();
    const reader = EvalStore.openReadOnly(path);
    const cursor = Math.max(
      ...reader.casePage(2, { filter: 'all', limit: 10, offset: 0 }).cases.map((c) => c.savedOrder),
    );
    expect(reader.casesSavedAfter(2, cursor)).toEqual([]);
    const writer = EvalStore.open(path);
    writer.saveCaseResult(2, withAnswer('t2', 0, 'failed', 'no refund'));
    writer.close();
    expect(reader.casesSavedAfter(2, cursor).map((c) => [c.caseId, c.epochs])).toEqual([
      ['t2', [{ epoch: 0, status: 'failed', notJudged: 1 }]],
    ]);
    expect([...reader.caseCosts(1, 'b')].map(([epoch, usd]) => [epoch, usd.toFixed(3)])).toEqual([
      [0, '0.016'],
      [1, '0.016'],
    ]);
    expect(reader.caseResults(1, 'c').map((r) => [r.epoch, r.status])).toEqual([
      [0, 'passed'],
      [1, 'error'],
    ]);
    reader.close();
  });

  it("reads a case's results in the order they were saved, not in epoch order", () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ epochs: 3 }));
    // Epochs finish in any order under concurrency; the store keeps the order they were saved in.
    for (const epoch of [2, 0, 1]) store.saveCaseResult(run.id, withAnswer('x', epoch, 'passed', `epoch ${epoch}`));
    expect(store.caseResults(run.id, 'x').map((r) => [r.epoch, r.transcript.answer])).toEqual([
      [2, 'epoch 2'],
      [0, 'epoch 0'],
      [1, 'epoch 1'],
    ]);
    expect(store.caseResults(run.id, 'x')).toEqual(store.caseResults(run.id));
    store.close();
  });

  it('opens read-only: a missing file is an error, and reading changes no byte', () => {
    expect(() => EvalStore.openReadOnly(`${tempStorePath()}.missing`)).toThrow(StoreError);
    const path = seeded();
    const before = sha256(path);
    const store = EvalStore.openReadOnly(path);
    store.runPage({ limit: 10, offset: 0 });
    expect(() => store.setRunStatus(1, 'interrupted')).toThrow(/readonly/);
    store.close();
    expect(sha256(path)).toBe(before);
    const foreign = tempStorePath();
    writeFileSync(foreign, 'not a database');
    expect(() => EvalStore.openReadOnly(foreign)).toThrow(/not an SQLite database/);
  });
});
