import { formatInterval, percent, type Trend } from '@evalpacks/core';
import { when } from './format.ts';
import { type Html, html } from './html.ts';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 48, right: 16, top: 16, bottom: 32 };

/**
 * Pass rate per run with its 95% interval as a bar, drawn on the server as SVG (no script, no library
 * needed for a dot plot). Runs of a flagged regression are drawn red, with the median they fell below.
 */
export function historyChart(trend: Trend): Html {
  const flagged = new Set(trend.regression?.runIds ?? []);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, trend.points.length);
  const x = (index: number) => PAD.left + step * (index + 0.5);
  const y = (rate: number) => PAD.top + plotHeight * (1 - rate);
  const grid = [0, 0.25, 0.5, 0.75, 1].map(
    (rate) =>
      html`<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(rate)}" y2="${y(rate)}"/><text class="axis" x="${PAD.left - 6}" y="${y(rate) + 4}" text-anchor="end">${Math.round(rate * 100)}%</text>`,
  );
  const baseline = trend.regression
    ? html`<line class="baseline" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(trend.regression.baseline)}" y2="${y(trend.regression.baseline)}"/>
      <text class="regression-label" x="${WIDTH - PAD.right}" y="${y(trend.regression.baseline) - 6}" text-anchor="end">REGRESSION below median ${percent(trend.regression.baseline)}</text>`
    : '';
  const points = trend.points.map((point, index) => {
    const cls = flagged.has(point.runId) ? 'point regressed' : 'point';
    return html`<a href="/runs/${point.runId}"><g class="${cls}" data-run="${point.runId}">
      <title>run ${point.runId} · ${when(point.startedAt)} · ${point.passed}/${point.total} = ${percent(point.rate)} (${formatInterval(point)})</title>
      <line class="interval" x1="${x(index)}" x2="${x(index)}" y1="${y(point.lower)}" y2="${y(point.upper)}"/>
      <circle cx="${x(index)}" cy="${y(point.rate)}" r="4"/>
      <text class="axis" x="${x(index)}" y="${HEIGHT - 10}" text-anchor="middle">#${point.runId}</text></g></a>`;
  });
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="pass rate per run with 95% intervals">
    ${grid}${baseline}${points}</svg>`;
}
