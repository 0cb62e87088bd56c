import {
  casesNeeded,
  compareRateRows,
  correctedDifferenceHeading,
  correctedDifferenceRows,
  formatP,
  points,
} from '@evalpacks/core/report';
import type { ComparisonDocument } from '@evalpacks/core/stats';
import { type Html, html } from '../views/html.ts';
import { differencePlot } from './difference-plot.ts';
import { rateCell, withCorrected } from './figure-cells.ts';
import { forestPlot } from './forest-plot.ts';

const sideName = (side: ComparisonDocument['baseline']) => `${side.run.label} (run ${side.run.id})`;

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** The tests behind the verdict in the console's words: what the difference plot cannot draw. */
function testsList(doc: ComparisonDocument): Html {
  const { difference: d, permutation: p, mcnemar: m, detectable: power, alpha } = doc;
  const interval =
    d.lower !== null && d.upper !== null
      ? `95% CI ${points(d.lower)} to ${points(d.upper)} points`
      : 'no interval from a single case';
  const how = p.method === 'exact' ? `exact, ${p.draws} sign assignments` : `Monte Carlo, ${p.draws} draws`;
  const assumed = power.basis === 'assumed' ? ' (no item changed, so this assumes independent items)' : '';
  const detectable =
    power.difference === null
      ? `nothing: with ${d.clusters} cases no difference can reach p < ${alpha} (smallest possible p ${formatP(power.smallestP)}); use at least ${casesNeeded(alpha)} cases`
      : `±${points(Math.min(1, power.difference)).slice(1)} points or more at 80% power with ${d.clusters} cases${assumed}`;
  const [b, v] = [doc.baseline, doc.variant];
  const row = (name: string, key: string, value: string) =>
    html`<dt>${name}</dt><dd data-figure="${key}">${value}</dd>`;
  return html`<dl class="tests">
  ${row('difference', 'difference', d.clusters === 0 ? 'none measured: no item was graded on both sides' : `${points(d.mean)} points (${interval}; paired per item, clustered by case)`)}
  ${row('permutation test', 'permutation', `p ${formatP(p.pValue)} over cases (${how})`)}
  ${row('exact McNemar', 'mcnemar', `p ${formatP(m.pValue)} over items (${m.gained} gained, ${m.lost} lost)`)}
  ${row('detectable', 'detectable', detectable)}
  ${b.figures.flaky + v.figures.flaky > 0 ? row('flaky items', 'flaky', `${b.run.label} ${b.figures.flaky}, ${v.run.label} ${v.figures.flaky} (passed in some epochs, failed in others)`) : ''}
  ${doc.notJudgedItems > 0 ? row('not judged', 'not-judged', `${items(doc.notJudgedItems)} not judged on one side or both: left out, as no verdict can be compared`) : ''}
  ${doc.unpairedItems > 0 ? row('not compared', 'not-compared', `${items(doc.unpairedItems)} graded on one side only (judge or agent errors)`) : ''}</dl>`;
}

/** The judge-corrected differences in the console's words, when the document carries them (both sides' labels). */
function correctedList(doc: ComparisonDocument): Html | string {
  if (!doc.corrected) return '';
  return html`<section class="corrected-differences"><h3>${correctedDifferenceHeading(doc.corrected)}</h3><dl class="tests">${correctedDifferenceRows(
    doc.corrected,
  ).map(
    ([name, value]) => html`<dt>${name}</dt><dd data-corrected-difference="${name}">${value}</dd>`,
  )}</dl></section>`;
}

/**
 * A comparison's overall figures as the viewer's compare page and comparison.html draw them, from the
 * comparison document alone: both sides' rates on one forest plot (judge-corrected ones beside the raw
 * where the document carries a side's, from its stored grade), the paired difference against zero with the detectable change,
 * then the tests in words.
 */
export function compareFigures(doc: ComparisonDocument): Html {
  const corrected = [doc.baseline.corrected, doc.variant.corrected];
  const rows = compareRateRows(doc).map((row) => ({
    label: row.label,
    cells: [rateCell(row.baseline), rateCell(row.variant)],
  }));
  const forest = forestPlot({
    id: 'compare-rates',
    title: `Rates of ${doc.baseline.run.label} and ${doc.variant.run.label}`,
    sides: [sideName(doc.baseline), sideName(doc.variant)],
    rows: withCorrected(rows, corrected),
    basis: '95% intervals clustered by case',
  });
  const difference = differencePlot({
    id: 'compare-difference',
    ...doc.difference,
    detectable: doc.detectable.difference,
    variant: doc.variant.run.label,
  });
  return html`${forest}${difference}${testsList(doc)}${correctedList(doc)}`;
}
