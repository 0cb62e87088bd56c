/**
 * The labels that calibrate the judge of a run: only those given on verdicts of the same judge (model and
 * judge prompt version), since another judge's errors say nothing of this one's. Labels of other judges are
 * counted by judge so a summary can name them; stale labels (case gone, input changed) are counted and left out.
 * A person's outcome written without a verdict (a pack's starter labels) holds whatever this judge said of the
 * same answer and item when it was asked (`asked`, by label key); one it was not asked about is counted apart.
 */

import type { JudgeIdentity, LabelConfusion } from '../schema/corrected.ts';
import { isPersonLabel, type Label, type PackLabel } from '../schema/label.ts';
import { correctedFigures, type JudgeCalibration } from '../stats/corrected-rate.ts';

export { correctedFigures, type JudgeCalibration };

import { inputHash, labelKey, labelledOutcome } from './label-key.ts';

const empty = (): LabelConfusion => ({ truePositive: 0, falseNegative: 0, trueNegative: 0, falsePositive: 0 });

/** Holds the labels to the judge that ran: `cases` are the pack's (id and input) to tell stale labels. */
export function judgeCalibration(
  labels: readonly PackLabel[],
  judge: JudgeIdentity,
  cases: readonly { id: string; input: string }[],
  asked: ReadonlyMap<string, boolean> = new Map(),
): JudgeCalibration {
  const inputs = new Map(cases.map((testCase) => [testCase.id, inputHash(testCase.input)]));
  const result: JudgeCalibration = {
    judge,
    used: 0,
    stale: 0,
    caseWrong: 0,
    otherJudges: [],
    notAsked: 0,
    findings: empty(),
    absent: empty(),
  };
  const others = new Map<string, JudgeIdentity & { labels: number }>();
  for (const label of labels) {
    if (inputs.get(label.caseId) !== label.inputSha256) {
      result.stale++;
      continue;
    }
    const judgePassed = isPersonLabel(label) ? asked.get(labelKey(label)) : verdictOfThisJudge(label, judge, others);
    if (judgePassed === undefined) {
      if (isPersonLabel(label)) result.notAsked++;
      continue;
    }
    const person = labelledOutcome(label);
    if (person === undefined) {
      result.caseWrong++;
      continue;
    }
    if (label.kind === 'rubric') continue;
    const counts = label.kind === 'finding' ? result.findings : result.absent;
    if (person) counts[judgePassed ? 'truePositive' : 'falseNegative']++;
    else counts[judgePassed ? 'falsePositive' : 'trueNegative']++;
    result.used++;
  }
  result.otherJudges = [...others.values()].sort((a, b) => b.labels - a.labels);
  return result;
}

/** The verdict a person labelled, when this judge gave it; another judge's is counted under its name. */
function verdictOfThisJudge(
  label: Label,
  judge: JudgeIdentity,
  others: Map<string, JudgeIdentity & { labels: number }>,
): boolean | undefined {
  const { model, promptVersion } = label.verdict;
  if (model !== judge.model || promptVersion !== judge.promptVersion) {
    const key = `${model}\u0000${promptVersion ?? ''}`;
    const other = others.get(key) ?? { model, ...(promptVersion !== undefined && { promptVersion }), labels: 0 };
    other.labels++;
    others.set(key, other);
    return undefined;
  }
  return label.verdict.passed;
}
