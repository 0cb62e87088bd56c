import type { CaseResult } from '@evalpacks/core';
import { resultJsonText } from '@evalpacks/core/report';
import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { caseResult, fullResult, runMeta, tempStorePath } from './support.ts';

const savedText = (store: EvalStore, runId: number, caseId: string, epoch = 0) =>
  store.caseResultTexts(runId, caseId).get(epoch)?.toString('utf8');

describe("each result's text in results.json, saved with it", () => {
  it('is the text of the result as it is read back, for every field and for a plain result', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    // sample: false and a verdict's confidence on an error are not stored: the read-back drops them.
    const plain = { ...caseResult('plain'), transcript: { ...caseResult('plain').transcript, sample: false } };
    for (const result of [fullResult(), plain]) store.saveCaseResult(run.id, result);
    for (const id of ['full', 'plain']) {
      const [back] = store.caseResults(run.id, id);
      expect(savedText(store, run.id, id)).toBe(resultJsonText(back as CaseResult));
    }
    expect(savedText(store, run.id, 'plain')).not.toContain('"sample"');
    store.close();
  });

  it('holds a lone surrogate as SQLite gives it back (not as the result held it)', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    const base = caseResult('odd');
    const odd: CaseResult = { ...base, transcript: { ...base.transcript, answer: 'cut mid-emoji \ud83d' } };
    store.saveCaseResult(run.id, odd);
    const [back] = store.caseResults(run.id, 'odd');
    expect(back?.transcript.answer).not.toBe(odd.transcript.answer);
    expect(savedText(store, run.id, 'odd')).toBe(resultJsonText(back as CaseResult));
    store.close();
  });

  it('is replaced when the same case and epoch is saved again, and goes with its result', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    const first = caseResult('c', 1, 'failed');
    store.saveCaseResult(run.id, first);
    const judgedAgain: CaseResult = {
      ...first,
      status: 'passed',
      verdicts: first.verdicts.map((v) => (v.status === 'ok' ? { ...v, passed: true, reasoning: 'Named.' } : v)),
    };
    store.saveCaseResult(run.id, judgedAgain);
    expect(savedText(store, run.id, 'c', 1)).toBe(resultJsonText(judgedAgain));
    expect(savedText(store, run.id, 'c', 1)).toContain('"reasoning": "Named."');
    expect([...store.caseResultTexts(run.id, 'c').keys()]).toEqual([1]);
    store.close();
  });

  it("reads a case's outcomes as its results without their answers and tokens", () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    for (const epoch of [1, 0]) store.saveCaseResult(run.id, { ...fullResult(), epoch });
    const outcomes = store.caseOutcomes(run.id, 'full');
    expect(outcomes).toEqual(
      store.caseResults(run.id, 'full').map(({ transcript: _t, judgeUsage: _u, ...outcome }) => outcome),
    );
    expect(outcomes.map((outcome) => outcome.epoch)).toEqual([1, 0]);
    store.close();
  });

  it('reads each epoch its own case where the epochs saved different ones', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    const base = caseResult('c');
    store.saveCaseResult(run.id, { ...base, epoch: 0, case: { ...base.case, name: 'Before the edit' } });
    store.saveCaseResult(run.id, { ...base, epoch: 1, case: { ...base.case, name: 'After the edit' } });
    store.saveCaseResult(run.id, { ...base, epoch: 2, case: { ...base.case, name: 'After the edit' } });
    const names = store.caseOutcomes(run.id, 'c').map((outcome) => outcome.case.name);
    expect(names).toEqual(['Before the edit', 'After the edit', 'After the edit']);
    const [, second, third] = store.caseOutcomes(run.id, 'c');
    expect(second?.case).toBe(third?.case);
    store.close();
  });
});
