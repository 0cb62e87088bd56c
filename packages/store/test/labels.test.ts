import { type Label, LabelSchema } from '@evalpacks/core';
import { inputHash, labelKey } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { tempStorePath } from './support.ts';

const label = (fields: Partial<Label> = {}): Label =>
  LabelSchema.parse({
    caseId: 'sql',
    kind: 'finding',
    itemId: 'injection',
    label: 'disagree',
    wrong: 'judge',
    note: 'It does name the injection.',
    verdict: { passed: false, reasoning: 'Not named.', model: 'judge:1b', promptVersion: 'judge-v2' },
    inputSha256: inputHash('code'),
    answer: 'The query concatenates $id: SQL injection.',
    toolCalls: [{ name: 'lookup', arguments: { id: 1 }, result: 'ok' }],
    labelledAt: '2026-11-30T10:00:00.000Z',
    ...fields,
  });

describe('labels in the store', () => {
  it('keeps every field across reopening, per pack, and a new label on the same item replaces the old', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const first = label();
    expect(store.saveLabel('code-review', first)).toBe(labelKey(first));
    store.saveLabel('other-pack', label({ itemId: 'x' }));
    const plain = label({ kind: 'absent', itemId: 'absent-1', label: 'agree', wrong: undefined, note: undefined });
    store.saveLabel('code-review', { ...plain, verdict: { passed: true, reasoning: 'ok', model: 'm' }, toolCalls: [] });
    store.close();

    const again = EvalStore.open(path);
    const [saved, second] = again.labels('code-review');
    expect(saved).toEqual(first);
    expect(second).toEqual({ ...plain, verdict: { passed: true, reasoning: 'ok', model: 'm' }, toolCalls: [] });
    expect(second).not.toHaveProperty('wrong');
    const changed = label({
      label: 'agree',
      wrong: undefined,
      note: undefined,
      labelledAt: '2026-12-01T00:00:00.000Z',
    });
    again.saveLabel('code-review', changed);
    expect(again.labels('code-review').map((l) => [l.itemId, l.label])).toEqual([
      ['absent-1', 'agree'],
      ['injection', 'agree'],
    ]);
    expect(again.removeLabel('code-review', labelKey(changed))).toBe(true);
    expect(again.removeLabel('code-review', labelKey(changed))).toBe(false);
    expect(again.labels('code-review')).toHaveLength(1);
    expect(again.labels('other-pack')).toHaveLength(1);
    again.close();
  });
});
