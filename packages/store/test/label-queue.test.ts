import { type CaseResult, LabelSchema, type Verdict } from '@evalpacks/core';
import { inputHash, queueReasonText } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { EvalStore, labelRefOf, runLabelQueue } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

const judged = (itemId: string, passed: boolean, model: string, confidence?: number): Verdict => ({
  kind: 'finding',
  itemId,
  model,
  usage: { input: 10, output: 5 },
  latencyMs: 3,
  status: 'ok',
  reasoning: 'r',
  passed,
  ...(confidence !== undefined && { confidence }),
});

/** caseResult's result with these verdicts (its own error and skipped ones kept: they are never queued). */
function result(id: string, verdicts: Verdict[], answer = `review of ${id}`): CaseResult {
  const base = caseResult(id);
  return { ...base, transcript: { ...base.transcript, answer }, verdicts: [...verdicts, ...base.verdicts.slice(1)] };
}

const labelOn = (saved: CaseResult, itemId: string) =>
  LabelSchema.parse({
    caseId: saved.case.id,
    kind: 'finding',
    itemId,
    label: 'agree',
    verdict: { passed: true, reasoning: 'r', model: 'judge:1b' },
    inputSha256: inputHash(saved.case.input),
    answer: saved.transcript.answer,
    toolCalls: saved.transcript.toolCalls,
  });

describe("a run's label queue", () => {
  it('leaves out labelled verdicts and orders the rest: unsure, re-judged the other way, unlabelled, labelled', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta());
    const results = [
      result('a', [judged('leak', true, 'judge:1b', 0.99), judged('race', false, 'judge:1b', 0.95)]),
      result('b', [judged('leak', true, 'judge:1b', 0.6)]),
      result('c', [judged('leak', false, 'judge:1b')]),
      result('d', [judged('leak', true, 'judge:1b')]),
    ];
    for (const saved of results) store.saveCaseResult(run.id, saved);
    const rejudge = store.beginRun(
      runMeta({ kind: 'rejudge', parentRunId: run.id, judge: { backend: 'ollama', model: 'judge:8b' } }),
    );
    store.saveCaseResult(rejudge.id, result('c', [judged('leak', true, 'judge:8b')]));
    // Another answer to d (not a copy of the run's): the other verdict on it is no disagreement.
    store.saveCaseResult(rejudge.id, result('d', [judged('leak', false, 'judge:8b')], 'another answer'));
    // a's leak labelled on this very answer; d's leak on another answer only (counted, not left out).
    const labels = [
      labelOn(results[0] as CaseResult, 'leak'),
      { ...labelOn(results[3] as CaseResult, 'leak'), answer: 'old' },
    ];

    const { queue, labelled } = runLabelQueue(store, run.id, labels.map(labelRefOf), 0.8);
    expect(labelled).toBe(1);
    expect(queue.map(({ item, reason }) => `${item.caseId} ${item.itemId}: ${queueReasonText(reason)}`)).toEqual([
      'b leak: low confidence: 0.60 < 0.8',
      'c leak: judges disagree: judge:8b (run #2) said the opposite',
      'a race: no label on this item yet',
      'd leak: 1 label on this item so far',
    ]);
    expect(queue[0]?.item).toEqual({
      caseId: 'b',
      epoch: 0,
      kind: 'finding',
      itemId: 'leak',
      passed: true,
      confidence: 0.6,
      model: 'judge:1b',
    });
    // The same labels kept in the store come back as the same refs, keys as saved; each change is a new version.
    const versions = [store.labelsVersion('code-review')];
    for (const label of labels) store.saveLabel('code-review', label);
    versions.push(store.labelsVersion('code-review'));
    store.saveLabel('code-review', labels[0] as (typeof labels)[number]);
    versions.push(store.labelsVersion('code-review'));
    expect(versions).toEqual(['0:0', '2:2', '2:3']);
    expect([store.kinVersion(run.id), store.kinVersion(rejudge.id)]).toEqual(['2:running', '1:running']);
    // The label saved again is the newest.
    expect(store.labelRefs('code-review')).toEqual(
      [labels[1], labels[0]].map((label) => labelRefOf(label as (typeof labels)[number])),
    );
    expect(runLabelQueue(store, run.id, store.labelRefs('code-review'), 0.8).queue).toEqual(queue);
    // Seen from the re-judge, the run it re-judged is the other judge.
    expect(runLabelQueue(store, rejudge.id, [], 0.8).queue.map(({ reason }) => reason)).toEqual([
      { why: 'judges-disagree', other: 'judge:1b (run #1)' },
      { why: 'unlabelled-item' },
    ]);
    store.close();
  });
});
