import { describe, expect, it } from 'vitest';
import {
  disagreementsOf,
  labelCountsOf,
  orderLabelQueue,
  type QueueCandidate,
  queueReasonText,
} from '../src/calibration/label-queue.ts';

const verdict = (caseId: string, fields: Partial<QueueCandidate> = {}): QueueCandidate => ({
  caseId,
  epoch: 0,
  kind: 'finding',
  itemId: 'leak',
  passed: true,
  ...fields,
});

describe('the label queue', () => {
  it('puts low-confidence verdicts first, then disagreements, then unlabelled items, then the rest by labels', () => {
    const items = [
      verdict('plain-twice'),
      verdict('sure', { confidence: 0.97 }),
      verdict('plain-once'),
      verdict('fresh'),
      verdict('disputed', { epoch: 1 }),
      verdict('unsure', { confidence: 0.55 }),
      verdict('unsurer', { confidence: 0.51, kind: 'absent', itemId: 'style' }),
      verdict('fresh', { epoch: 1 }),
    ];
    const labelled = ['plain-twice', 'plain-twice', 'plain-once', 'sure', 'disputed', 'unsure'];
    const queue = orderLabelQueue({
      items,
      lowConfidence: 0.8,
      disagreementOn: disagreementsOf([{ ...verdict('disputed', { epoch: 1 }), other: 'judge:8b' }]),
      labelsOn: labelCountsOf(labelled.map((caseId) => verdict(caseId))),
    });
    expect(queue.map(({ item, reason }) => `${item.caseId}/${item.epoch} ${queueReasonText(reason)}`)).toEqual([
      'unsurer/0 low confidence: 0.51 < 0.8',
      'unsure/0 low confidence: 0.55 < 0.8',
      'disputed/1 judges disagree: judge:8b said the opposite',
      'fresh/0 no label on this item yet',
      'fresh/1 no label on this item yet',
      'sure/0 1 label on this item so far',
      'plain-once/0 1 label on this item so far',
      'plain-twice/0 2 labels on this item so far',
    ]);
  });

  it('counts labels per case, kind and item: the same item id of another case or kind is another item', () => {
    const counts = labelCountsOf([verdict('a'), verdict('a', { kind: 'absent' }), verdict('b'), verdict('a')]);
    const queue = orderLabelQueue({
      items: [verdict('a'), verdict('a', { kind: 'absent' }), verdict('c')],
      lowConfidence: 0.8,
      disagreementOn: disagreementsOf([]),
      labelsOn: counts,
    });
    expect(queue.map(({ item, reason }) => [item.caseId, item.kind, reason])).toEqual([
      ['c', 'finding', { why: 'unlabelled-item' }],
      ['a', 'absent', { why: 'labelled-item', labels: 1 }],
      ['a', 'finding', { why: 'labelled-item', labels: 2 }],
    ]);
  });

  it('keeps a verdict without a confidence out of the low-confidence group', () => {
    const queue = orderLabelQueue({
      items: [verdict('none'), verdict('low', { confidence: 0.79 }), verdict('edge', { confidence: 0.8 })],
      lowConfidence: 0.8,
      disagreementOn: () => undefined,
      labelsOn: () => 0,
    });
    expect(queue.map(({ item, reason }) => `${item.caseId} ${reason.why}`)).toEqual([
      'low low-confidence',
      'none unlabelled-item',
      'edge unlabelled-item',
    ]);
  });
});
