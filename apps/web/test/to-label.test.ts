import type { CaseResult } from '@evalpacks/core';
import { EvalStore, LabelBook } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { createApp } from '../src/index.ts';

const HOST = '127.0.0.1:4173';

/** case-00 .. case-59, one judged finding each; every tenth the judge was unsure of (less so as they go). */
function result(n: number): CaseResult {
  const base = caseResult(`case-${String(n).padStart(2, '0')}`, 0, 'passed');
  const [finding, ...others] = base.verdicts;
  const confidence = n % 10 === 3 ? { confidence: 0.5 + n / 200 } : { confidence: 0.99 };
  return { ...base, verdicts: [{ ...finding, ...confidence } as CaseResult['verdicts'][number], ...others] };
}

function storeOfSixty(): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const run = store.beginRun(runMeta());
  for (let n = 0; n < 60; n++) store.saveCaseResult(run.id, result(n));
  store.setRunStatus(run.id, 'completed', '2025-01-01T11:00:00.000Z');
  store.close();
  return path;
}

const rowsOf = (page: string) =>
  [
    ...page.matchAll(
      /<tr data-case="([^"]+)" data-item="[^"]+" data-why="([^"]+)"><td>(\d+)<\/td>.*?<td>([^<]*)<\/td><\/tr>/g,
    ),
  ].map(([, caseId, why, position, reason]) => `${position} ${caseId} ${why}: ${reason}`);

describe("a run's label queue in the viewer", () => {
  it('is paged, low-confidence verdicts first, each row saying why; a label given from the viewer leaves it', async () => {
    const path = storeOfSixty();
    const book = LabelBook.open(path);
    const app = createApp(EvalStore.openReadOnly(path), {
      labels: book,
      listening: () => ({ address: '127.0.0.1', port: 4173 }),
    });
    const get = async (at: string) => (await app.request(`http://${HOST}${at}`, { headers: { host: HOST } })).text();

    const first = await get('/runs/1/to-label');
    expect(first).toContain('To label <span class="dim">60 verdicts</span>');
    const rows = rowsOf(first);
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 8)).toEqual([
      '1 case-03 low-confidence: low confidence: 0.52 &lt; 0.8',
      '2 case-13 low-confidence: low confidence: 0.56 &lt; 0.8',
      '3 case-23 low-confidence: low confidence: 0.61 &lt; 0.8',
      '4 case-33 low-confidence: low confidence: 0.67 &lt; 0.8',
      '5 case-43 low-confidence: low confidence: 0.71 &lt; 0.8',
      '6 case-53 low-confidence: low confidence: 0.77 &lt; 0.8',
      '7 case-00 unlabelled-item: no label on this item yet',
      '8 case-01 unlabelled-item: no label on this item yet',
    ]);
    expect(first).toContain('page 1 of 2');
    expect(first).toContain('<a rel="next" href="/runs/1/to-label?page=2">next</a>');

    const second = rowsOf(await get('/runs/1/to-label?page=2'));
    expect(second).toHaveLength(10);
    expect(second[0]).toBe('51 case-49 unlabelled-item: no label on this item yet');
    expect(rowsOf(await get('/runs/1/to-label?page=99'))).toEqual(second);
    expect(rowsOf(await get('/runs/1/to-label?page=nonsense'))).toEqual(rows);

    // Labelled as the case page does it: the queue loses that verdict, and the item's other answers would count it.
    const saved = await app.request(`http://${HOST}/labels`, {
      method: 'POST',
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/json' },
      body: JSON.stringify({ run: 1, caseId: 'case-03', epoch: 0, kind: 'finding', itemId: 'leak', label: 'agree' }),
    });
    expect(saved.status).toBe(200);
    const after = await get('/runs/1/to-label');
    expect(after).toContain('To label <span class="dim">59 verdicts · 1 labelled</span>');
    expect(rowsOf(after)[0]).toBe('1 case-13 low-confidence: low confidence: 0.56 &lt; 0.8');
    book.close();
  });
});
