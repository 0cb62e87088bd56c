import type { CaseResult } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

/** A conversation whose simulated user spoke 300 tokens in and 40 out over its turns. */
function conversation(id: string): CaseResult {
  const base = caseResult(id);
  return {
    ...base,
    transcript: {
      ...base.transcript,
      conversation: [
        { role: 'user', text: 'I want a refund.' },
        { role: 'agent', text: 'Order number?' },
      ],
      conversationEnd: 'user-stop',
      userUsage: { input: 300, output: 40 },
    },
  };
}

/** $1 an agent result, $0.10 a verdict, and the user at $10 per million in and $50 per million out. */
const cost = (role: 'agent' | 'judge' | 'user', usage: { input: number; output: number }) =>
  role === 'agent' ? 1 : role === 'judge' ? 0.1 : (usage.input * 10 + usage.output * 50) / 1_000_000;

describe("the simulated user's cost, recorded as the third role", () => {
  it("is part of the run's recorded cost and its case's, its tokens part of the saved usage, never of the transcript", () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    store.saveCaseResult(run.id, conversation('talk'), cost);
    store.saveCaseResult(run.id, caseResult('plain'), cost);
    const verdicts = [conversation('talk'), caseResult('plain')].reduce((n, r) => n + r.verdicts.length, 0);
    const user = (300 * 10 + 40 * 50) / 1_000_000; // $0.005
    expect(store.runPage({ limit: 5, offset: 0 }).runs[0]?.costUsd).toBeCloseTo(2 + verdicts * 0.1 + user, 10);
    const talkVerdicts = conversation('talk').verdicts.length;
    expect(store.caseCosts(run.id, 'talk').get(0)).toBeCloseTo(1 + talkVerdicts * 0.1 + user, 10);
    expect(store.caseCosts(run.id, 'plain').get(0)).toBeCloseTo(1 + caseResult('plain').verdicts.length * 0.1, 10);
    expect(store.savedUsage(run.id).user).toEqual({ input: 300, output: 40 });
    // Read back as saved: the recorded cost stays in the store's column, out of the transcript.
    const [talk] = store.caseResults(run.id);
    expect(talk?.transcript).toEqual(conversation('talk').transcript);
    expect(talk?.transcript).not.toHaveProperty('userCostUsd');
    store.close();
  });
});
