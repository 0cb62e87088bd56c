import type { JudgedItemKind } from '../schema/verdict.ts';
import { cohensKappa, type Kappa } from '../stats/kappa.ts';
import { type CountedRate, type TrueRates, trueRates } from '../stats/true-rates.ts';
import { wilsonInterval } from '../stats/wilson.ts';
import type { LabelledVerdict } from './judge-labels.ts';
import { labelledOutcome } from './label-key.ts';

/** How one judge agrees with people on a set of items. "Positive" is the item passing. */
export interface AgreementFigures {
  /** Items with both a person's outcome and a judge verdict. */
  n: number;
  agreement: CountedRate;
  kappa: Kappa;
  rates: TrueRates;
}

/** An item where the judge and the person reach different outcomes. */
export interface Disagreement {
  item: LabelledVerdict;
  judgePassed: boolean;
  personPassed: boolean;
}

export interface Agreement {
  overall: AgreementFigures;
  byKind: Partial<Record<JudgedItemKind, AgreementFigures>>;
  /** Per expected finding (case and finding id), in label order. */
  byFinding: { caseId: string; itemId: string; figures: AgreementFigures }[];
  disagreements: Disagreement[];
  /** Items the judge gave no verdict on (a judge error, or skipped): not counted, listed. */
  unjudged: LabelledVerdict[];
  /** Labels that blame the case: no outcome to hold the judge to. */
  caseWrong: LabelledVerdict[];
}

/** The person's and the judge's outcome of an item, when both exist. */
export function outcomes(item: LabelledVerdict): { person: boolean; judge: boolean } | undefined {
  const person = labelledOutcome(item.label);
  if (person === undefined || item.verdict.status !== 'ok') return undefined;
  return { person, judge: item.verdict.passed };
}

/** Agreement, kappa, TPR and TNR of a judge against people over some items. */
export function agreementOf(items: LabelledVerdict[]): AgreementFigures {
  const counts = { truePositive: 0, falseNegative: 0, trueNegative: 0, falsePositive: 0 };
  for (const item of items) {
    const pair = outcomes(item);
    if (!pair) continue;
    if (pair.person) counts[pair.judge ? 'truePositive' : 'falseNegative'] += 1;
    else counts[pair.judge ? 'falsePositive' : 'trueNegative'] += 1;
  }
  const n = counts.truePositive + counts.falseNegative + counts.trueNegative + counts.falsePositive;
  const agreed = counts.truePositive + counts.trueNegative;
  return {
    n,
    agreement: { k: agreed, n, ...wilsonInterval(agreed, n) },
    kappa: cohensKappa([
      [counts.truePositive, counts.falseNegative],
      [counts.falsePositive, counts.trueNegative],
    ]),
    rates: trueRates(counts),
  };
}

/** Everything calibration reports about one judge: overall, per item kind, per finding, and the items behind it. */
export function measureAgreement(items: LabelledVerdict[]): Agreement {
  const byKind: Agreement['byKind'] = {};
  for (const kind of ['finding', 'absent', 'rubric'] as const) {
    const ofKind = items.filter((item) => item.label.kind === kind);
    if (ofKind.length > 0) byKind[kind] = agreementOf(ofKind);
  }
  const findings = new Map<string, LabelledVerdict[]>();
  for (const item of items) {
    if (item.label.kind !== 'finding') continue;
    const key = `${item.label.caseId}\u0000${item.label.itemId}`;
    findings.set(key, [...(findings.get(key) ?? []), item]);
  }
  const disagreements: Disagreement[] = [];
  for (const item of items) {
    const pair = outcomes(item);
    if (pair && pair.person !== pair.judge)
      disagreements.push({ item, judgePassed: pair.judge, personPassed: pair.person });
  }
  return {
    overall: agreementOf(items),
    byKind,
    byFinding: [...findings.values()].map((group) => ({
      caseId: group[0]?.label.caseId ?? '',
      itemId: group[0]?.label.itemId ?? '',
      figures: agreementOf(group),
    })),
    disagreements,
    unjudged: items.filter((item) => item.verdict.status !== 'ok' && labelledOutcome(item.label) !== undefined),
    caseWrong: items.filter((item) => labelledOutcome(item.label) === undefined),
  };
}
