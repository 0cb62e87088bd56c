import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

/** Run 1 of cases a, b over two epochs, saved interleaved with run 2's one result; a is saved again last. */
function seeded(): EvalStore {
  const store = EvalStore.open(tempStorePath());
  const first = store.beginRun(runMeta({ epochs: 2 }));
  const second = store.beginRun(runMeta());
  store.saveCaseResult(first.id, caseResult('a', 0, 'failed'));
  store.saveCaseResult(second.id, caseResult('z'));
  store.saveCaseResult(first.id, caseResult('b', 1, 'passed'));
  store.saveCaseResult(first.id, caseResult('b', 0, 'error'));
  store.saveCaseResult(first.id, { ...caseResult('a', 1, 'passed'), case: { ...caseResult('a').case, name: 'A' } });
  return store;
}

describe('reading a run back one result at a time', () => {
  it('yields every result of the run as caseResults holds them, in the order they were saved', () => {
    const store = seeded();
    expect([...store.eachCaseResult(1)]).toEqual(store.caseResults(1));
    expect([...store.eachCaseResult(1)].map((r) => [r.case.id, r.epoch, r.status])).toEqual([
      ['a', 0, 'failed'],
      ['b', 1, 'passed'],
      ['b', 0, 'error'],
      ['a', 1, 'passed'],
    ]);
    expect([...store.eachCaseResult(1)][0]).toEqual(caseResult('a', 0, 'failed'));
    expect([...store.eachCaseResult(3)]).toEqual([]);
    expect([store.resultCount(1), store.resultCount(2), store.resultCount(3)]).toEqual([4, 1, 0]);
    expect(store.resultKeys(1)).toEqual([
      { caseId: 'a', epoch: 0 },
      { caseId: 'b', epoch: 1 },
      { caseId: 'b', epoch: 0 },
      { caseId: 'a', epoch: 1 },
    ]);
    store.close();
  });

  it('lets the store be written between two results, yielding only what was saved before it began', () => {
    const store = seeded();
    const seen: string[] = [];
    for (const result of store.eachCaseResult(1)) {
      seen.push(`${result.case.id}#${result.epoch}`);
      if (seen.length === 1) {
        store.saveCaseResult(1, caseResult('c'));
        store.saveCaseResult(1, caseResult('b', 0, 'passed'));
      }
    }
    // b#0 was saved again meanwhile: a newer result than the reading began with, so it is not yielded.
    expect(seen).toEqual(['a#0', 'b#1', 'a#1']);
    expect(store.resultCount(1)).toBe(5);
    store.close();
  });

  it("reads one answer by case and epoch, and the run's cases in the order of their first result", () => {
    const store = seeded();
    expect(store.transcript(1, 'b', 0)).toEqual(caseResult('b', 0).transcript);
    expect(store.transcript(1, 'b', 2)).toBeUndefined();
    expect(store.transcript(2, 'a', 0)).toBeUndefined();
    // a's case as its last result saved it.
    expect(store.runCases(1)).toEqual([{ ...caseResult('a').case, name: 'A' }, caseResult('b').case]);
    expect(store.runCases(3)).toEqual([]);
    store.close();
  });

  it("sums the tokens of a run's saved results per role, as the results hold them", () => {
    const store = seeded();
    const sum = (role: 'agent' | 'judge') =>
      store.caseResults(1).reduce(
        (total, r) => {
          const usage = role === 'agent' ? r.transcript.usage : r.judgeUsage;
          return { input: total.input + usage.input, output: total.output + usage.output };
        },
        { input: 0, output: 0 },
      );
    const usage = store.savedUsage(1);
    // No conversation among them: no simulated user's tokens.
    expect(usage).toEqual({ agent: sum('agent'), judge: sum('judge'), user: { input: 0, output: 0 } });
    expect(usage.agent.input).toBeGreaterThan(0);
    expect(usage.judge.input).toBeGreaterThan(0);
    const none = { input: 0, output: 0 };
    expect(store.savedUsage(3)).toEqual({ agent: none, judge: none, user: none });
    store.close();
  });
});
