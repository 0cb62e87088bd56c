import { type AgreementFigures, agreementOf } from '../agreement.ts';
import { compareJudges, type JudgeComparison } from '../compare-judges.ts';
import type { LabelledVerdict } from '../judge-labels.ts';

/** A proposal measured on held-out labels: the judge before and after it, on the same items. */
export interface HeldOutGain {
  before: AgreementFigures;
  after: AgreementFigures;
  /** Exact McNemar over the held-out items exactly one of the two judges got right (A = before, B = after). */
  test: JudgeComparison;
  /** Kappa rose, and after is right on significantly more held-out items than before (p below alpha). */
  improved: boolean;
  /** Why not, in a few words, when not improved. */
  why?: string;
}

/**
 * Whether a tuning helped, on the held-out verdicts of every fold pooled (each label held out once). Both
 * conditions must hold: kappa up (agreement beyond chance, which raw agreement alone hides on skewed labels)
 * and the paired test, since a kappa rise of one or two items is what chance gives.
 */
export function heldOutGain(before: LabelledVerdict[], after: LabelledVerdict[], alpha = 0.05): HeldOutGain {
  const figures = { before: agreementOf(before), after: agreementOf(after) };
  const test = compareJudges(before, after, alpha);
  const [k0, k1] = [figures.before.kappa.kappa, figures.after.kappa.kappa];
  const kappaUp = Number.isFinite(k1) && (!Number.isFinite(k0) || k1 > k0);
  const significant = test.better === 'B';
  const improved = kappaUp && significant;
  if (improved) return { ...figures, test, improved };
  const why = !kappaUp
    ? 'held-out kappa did not rise'
    : `only after right on ${test.onlyB}, only before right on ${test.onlyA}: p = ${test.p.toFixed(3)} is not below ${alpha}`;
  return { ...figures, test, improved, why };
}
