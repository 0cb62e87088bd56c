import type { GradeSummary } from '@evalpacks/core/grade';
import { flagged, formatRate } from '@evalpacks/core/report';
import { wilsonInterval } from '@evalpacks/core/stats';
import { rateCell, withCorrected } from './figure-cells.ts';
import type { ForestRow } from './forest-plot.ts';

/**
 * A run's rates from its stored grade, as its summary prints them: over one epoch the cases and the per-result
 * rates, over more the per-epoch rates clustered by case; judge-corrected rows where the grade has them.
 */
export function runFigureRows(grade: GradeSummary, repeated: boolean): ForestRow[] {
  const { totals, perResult, perCase } = grade.figures;
  const cases = repeated
    ? perCase.cases
    : { ...wilsonInterval(totals.cases.passed, totals.cases.total), ...totals.cases };
  const rows: ForestRow[] = [{ label: 'cases passed', cells: [{ rate: cases, text: formatRate(cases) }] }];
  if (totals.structural.total > 0)
    rows.push({
      label: 'structural',
      cells: [rateCell(repeated ? perCase.structural.samples : perResult.structural)],
    });
  if (totals.findings.judged > 0)
    rows.push({ label: 'findings', cells: [rateCell(repeated ? perCase.findings.samples : perResult.findings)] });
  if (perCase.absent.items > 0)
    rows.push({ label: 'false positives', cells: [rateCell(flagged(perCase.absent.samples))] });
  return withCorrected(rows, [grade.corrected]);
}
