import { type CaseResult, LabelSchema, type Verdict } from '@evalpacks/core';
import { inputHash, type QueuedItem } from '@evalpacks/core/calibration';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore, type JudgedItem, rankedLabelQueue, runLabelQueue } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

const CASES = 40;
const THRESHOLD = 0.8;

/** The confidence of a verdict: absent, low (a few values, so ties are ordered by saved order) or high. */
function confidenceOf(n: number, epoch: number, item: number): number | undefined {
  const pick = (n * 7 + epoch * 3 + item * 5) % 9;
  if (pick === 0) return undefined;
  if (pick <= 3) return [0.55, 0.7, 0.7][pick - 1];
  return 0.8 + pick / 100;
}

function judged(itemId: string, passed: boolean, model: string, confidence?: number): Verdict {
  return {
    kind: 'finding',
    itemId,
    model,
    usage: { input: 10, output: 5 },
    latencyMs: 3,
    status: 'ok',
    reasoning: 'r',
    passed,
    ...(confidence !== undefined && { confidence }),
  };
}

/** Case n's result at an epoch: two judged findings, then caseResult's error and skipped verdicts. */
function result(n: number, epoch: number, model = 'judge:1b', flip = (_item: number) => false, answer?: string) {
  const base = caseResult(`case-${String(n).padStart(2, '0')}`, epoch);
  const verdicts = ['leak', 'race'].map((itemId, item) =>
    judged(itemId, ((n + item) % 2 === 0) !== flip(item), model, confidenceOf(n, epoch, item)),
  );
  const transcript = { ...base.transcript, answer: answer ?? `review ${n} at epoch ${epoch}` };
  return { ...base, transcript, verdicts: [...verdicts, ...base.verdicts.slice(1)] } as CaseResult;
}

const labelOn = (saved: CaseResult, itemId: string, answer = saved.transcript.answer) =>
  LabelSchema.parse({
    caseId: saved.case.id,
    kind: 'finding',
    itemId,
    label: 'agree',
    verdict: { passed: true, reasoning: 'r', model: 'judge:1b' },
    inputSha256: inputHash(saved.case.input),
    answer,
    toolCalls: saved.transcript.toolCalls,
  });

/** A completed run of 40 cases x 2 epochs saved out of case order, two re-judges and labels of each sort. */
function storeWithQueue(): { path: string; runId: number } {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const run = store.beginRun(runMeta());
  const order = Array.from({ length: CASES }, (_, i) => (i * 17) % CASES);
  for (const n of order) for (const epoch of [0, 1]) store.saveCaseResult(run.id, result(n, epoch));
  // Saved again (a resumed case): its verdicts now come last in saved order.
  store.saveCaseResult(run.id, result(order[0] as number, 0));
  for (const [model, every] of [
    ['judge:8b', 3],
    ['judge:27b', 4],
  ] as const) {
    const rejudge = store.beginRun(
      runMeta({ kind: 'rejudge', parentRunId: run.id, judge: { backend: 'ollama', model } }),
    );
    for (let n = 0; n < CASES; n += every) {
      store.saveCaseResult(
        rejudge.id,
        result(n, 0, model, (item) => item === n % 2),
      );
      // Another answer: its verdicts going the other way are no disagreement.
      store.saveCaseResult(
        rejudge.id,
        result(n, 1, model, () => true, 'another answer'),
      );
    }
    store.setRunStatus(rejudge.id, 'completed', '2025-01-01T11:00:00.000Z');
  }
  // Labels on this run's answers (a low-confidence verdict, a disputed one, plain ones), on other answers only
  // (counted, not left out), and up to three on one item.
  const labels = [];
  for (let n = 0; n < CASES; n += 5) labels.push(labelOn(result(n, n % 2), n % 3 === 0 ? 'race' : 'leak'));
  for (let n = 1; n < CASES; n += 6) {
    for (let k = 0; k <= n % 3; k++) labels.push(labelOn(result(n, 0), 'leak', `old answer ${k}`));
  }
  for (const label of labels) store.saveLabel('code-review', label);
  store.setRunStatus(run.id, 'completed', '2025-01-01T12:00:00.000Z');
  store.close();
  return { path, runId: run.id };
}

const withoutRank = ({ item, reason }: QueuedItem<JudgedItem>) => {
  const { rank: _rank, ...rest } = item as JudgedItem & { rank?: number };
  return { item: rest, reason };
};

/** The ranked queue read in pages of `size`, beside the queue runLabelQueue orders in full. */
function bothQueues(store: EvalStore, runId: number, size: number) {
  const labels = store.labelRefs('code-review');
  const full = runLabelQueue(store, runId, labels, THRESHOLD);
  const ranked = rankedLabelQueue(store, runId, labels, THRESHOLD);
  const paged = [];
  for (let offset = 0; offset < ranked.total + size; offset += size) paged.push(...ranked.page(offset, size));
  return { full, ranked, paged: paged.map(withoutRank) };
}

describe("a completed run's label queue paged by stored places", () => {
  it('gives runLabelQueue order, reasons and counts page by page, and again after migration 13 fills an older store', () => {
    const { path, runId } = storeWithQueue();
    const store = EvalStore.open(path);
    const { full, ranked, paged } = bothQueues(store, runId, 7);
    // The run holds every sort of entry, and labelled verdicts were left out.
    const whys = full.queue.map(({ reason }) => reason.why);
    expect(new Set(whys)).toEqual(new Set(['low-confidence', 'judges-disagree', 'unlabelled-item', 'labelled-item']));
    expect(full.labelled).toBe(8);
    expect(full.queue).toHaveLength(CASES * 2 * 2 - 8);
    expect([ranked.total, ranked.labelled]).toEqual([full.queue.length, full.labelled]);
    expect(paged).toEqual(full.queue);
    expect(bothQueues(store, runId, 50).paged).toEqual(full.queue);
    // A new label counts at once: that verdict leaves the queue.
    const target = full.queue.find(({ reason }) => reason.why === 'unlabelled-item')?.item as JudgedItem;
    const saved = result(Number(target.caseId.slice(5)), target.epoch);
    store.saveLabel('code-review', labelOn(saved, target.itemId));
    const relabelled = bothQueues(store, runId, 11);
    expect(relabelled.full.labelled).toBe(9);
    expect(relabelled.paged).toEqual(relabelled.full.queue);
    store.close();

    // A store from before migration 13 (so before 14 and 15 too): its completed runs get their places when it is
    // opened, and its one-message labels (no conversation column) keep their keys.
    const older = new Database(path);
    older.exec(`DROP TRIGGER verdicts_ranked_when_completed; DROP INDEX verdicts_by_queue_rank;
      DROP INDEX verdicts_by_confidence; DROP INDEX verdicts_by_label_key; ALTER TABLE verdicts DROP COLUMN queue_rank;
      ALTER TABLE verdicts DROP COLUMN label_key; ALTER TABLE verdicts DROP COLUMN turn;
      ALTER TABLE verdicts DROP COLUMN turn_note; ALTER TABLE labels DROP COLUMN conversation_json;
      PRAGMA user_version = 12;`);
    older.close();
    const migrated = EvalStore.open(path);
    expect(bothQueues(migrated, runId, 13).paged).toEqual(relabelled.full.queue);
    migrated.close();
  });
});
