import { type AgreementFigures, formatKappa, rate, staleLines } from '@evalpacks/core/calibration';
import { visible } from '@evalpacks/core/report';
import { shortPath } from '../output/file-reports.ts';
import type { TuneResult } from './tune-judge.ts';

function figures(tag: string, f: AgreementFigures): string[] {
  return [
    `  ${tag.padEnd(8)}${rate('agree', f.agreement)} · ${formatKappa(f)}`,
    `  ${''.padEnd(8)}${rate('TPR', f.rates.tpr)} · ${rate('TNR', f.rates.tnr)}`,
  ];
}

function proposalLines(result: TuneResult): string[] {
  const { steps, narrowing } = result.proposal;
  if (steps.length + narrowing.length === 0)
    return ['  (nothing to propose: no disagreement where people blamed the judge)'];
  return [...steps.map((line) => `  Steps      + ${line}`), ...narrowing.map((line) => `  Narrowing  + ${line}`)].map(
    visible,
  );
}

/** Written only with --write, a proposal, and improved held-out agreement: the line says which was missing. */
function outcomeLine(result: TuneResult): string {
  if (result.written) return `wrote ${shortPath(result.written)}`;
  if (result.proposal.steps.length + result.proposal.narrowing.length === 0) return 'not written: nothing proposed';
  if (!result.gain.improved) return `not written: held-out agreement did not improve (${result.gain.why})`;
  return 'not written: give --write to write it';
}

/** What `calibrate --tune` prints after its header: the proposal, held-out agreement before and after, the outcome. */
export function tuneLines(result: TuneResult): string[] {
  const { gain } = result;
  const verdict = gain.improved
    ? 'held-out agreement improved (kappa up, exact McNemar p < 0.05)'
    : `held-out agreement did not improve: ${gain.why}`;
  const stale = staleLines(result.stale);
  return [
    `Proposal (from all ${result.items} labelled items; each fold's own is made from its training folds only)`,
    ...proposalLines(result),
    '',
    `Held-out agreement, ${result.folds}-fold cross-validation (${result.items} items, each held out once)`,
    ...figures('before', gain.before),
    ...figures('after', gain.after),
    `  only before right on ${gain.test.onlyA}, only after right on ${gain.test.onlyB} · exact McNemar p = ${gain.test.p.toFixed(3)}`,
    `  verdict: ${verdict}`,
    '',
    `prompt version  ${result.versionBefore} → ${result.versionAfter}`,
    outcomeLine(result),
    ...(stale.length > 0 ? ['', ...stale] : []),
  ];
}
