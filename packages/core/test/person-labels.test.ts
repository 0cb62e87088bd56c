import { describe, expect, it } from 'vitest';
import { judgeCalibration } from '../src/calibration/judge-calibration.ts';
import { inputHash, labelKey, labelledOutcome } from '../src/calibration/label-key.ts';
import { parseLabels } from '../src/calibration/labels-file.ts';
import { correctedRows } from '../src/report/corrected-rows.ts';
import { correctedFigures } from '../src/stats/corrected-rate.ts';

const INPUT = 'const id = event.id;';
const CASES = [{ id: 'sql', input: INPUT }];
const JUDGE = { model: 'judge:1b', promptVersion: 'risen-judge-v3' };

/** A starter label as a person writes it: their outcome and why, no verdict. */
const starter = (i: number, passed: boolean) =>
  JSON.stringify({
    caseId: 'sql',
    kind: 'finding',
    itemId: 'injection',
    passed,
    note: passed ? 'Names the concatenated id.' : 'Talks about logging only.',
    inputSha256: inputHash(INPUT),
    answer: `review ${i}`,
  });

describe('starter labels (a person outcome written without a verdict)', () => {
  it('parse beside labels given on verdicts, and give the outcome the person wrote', () => {
    const verdictLine = JSON.stringify({
      caseId: 'sql',
      kind: 'finding',
      itemId: 'injection',
      label: 'disagree',
      wrong: 'judge',
      verdict: { passed: true, reasoning: 'x', model: 'judge:1b' },
      inputSha256: inputHash(INPUT),
      answer: 'review on a verdict',
    });
    const [passing, failing, onVerdict] = parseLabels(
      'labels.jsonl',
      [starter(0, true), starter(1, false), verdictLine].join('\n'),
    );
    expect([passing, failing, onVerdict].map((label) => label && labelledOutcome(label))).toEqual([true, false, false]);
  });

  it('refuse a line with both a verdict and an outcome, or an outcome without a note, naming line and field', () => {
    const both = { ...JSON.parse(starter(0, true)), verdict: { passed: true, reasoning: 'x', model: 'm' } };
    expect(() => parseLabels('labels.jsonl', JSON.stringify(both))).toThrow('labels.jsonl:1: field "label"');
    const { note: _note, ...bare } = JSON.parse(starter(0, true));
    expect(() => parseLabels('labels.jsonl', `${starter(1, false)}\n${JSON.stringify(bare)}`)).toThrow(
      'labels.jsonl:2: field "note"',
    );
  });

  it('measure the judge by what it said when asked; unasked ones are counted and say how to ask', () => {
    // 10 passing, 10 failing; the judge passed 9 of the first ten and 2 of the last (TPR 0.9, TNR 0.8).
    const labels = parseLabels('labels.jsonl', Array.from({ length: 20 }, (_, i) => starter(i, i < 10)).join('\n'));
    const asked = new Map(labels.map((label, i) => [labelKey(label), i < 10 ? i !== 0 : i < 12]));
    const measured = judgeCalibration(labels, JUDGE, CASES, asked);
    expect(measured).toMatchObject({
      used: 20,
      notAsked: 0,
      findings: { truePositive: 9, falseNegative: 1, trueNegative: 8, falsePositive: 2 },
    });

    const unasked = judgeCalibration(labels, JUDGE, CASES, new Map([...asked].slice(0, 5)));
    expect(unasked).toMatchObject({ used: 5, notAsked: 15, otherJudges: [] });
    const raw = { findings: { passed: 8, total: 9 }, absent: { passed: 0, total: 0 } };
    const rows = correctedRows({ corrected: correctedFigures(unasked, raw) });
    const none = judgeCalibration(labels, JUDGE, CASES);
    expect(correctedRows({ corrected: correctedFigures(none, raw) })).toEqual([
      ['judge-corrected', '20 starter labels this judge was not asked about yet (pnpm calibrate asks it)'],
    ]);
    expect(rows.at(-1)).toEqual([
      '',
      'labels of judge:1b · risen-judge-v3: 5 used; not used: 15 starter labels this judge was not asked about yet (pnpm calibrate asks it)',
    ]);
  });
});
