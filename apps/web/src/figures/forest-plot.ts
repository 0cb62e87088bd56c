import { type Html, html } from '../views/html.ts';

/** A rate with its 95% interval, all in [0, 1]. */
export interface PlottedRate {
  estimate: number;
  lower: number;
  upper: number;
}

/** One side's figure in a row: the rate drawn (none when there is nothing to draw) and its words for the table. */
export interface ForestCell {
  rate?: PlottedRate;
  text: string;
}

export interface ForestRow {
  label: string;
  /** The judge-corrected rate of the row above it: drawn hollow beside the raw one. */
  corrected?: boolean;
  /** One per side, in the order of the plot's sides. */
  cells: ForestCell[];
}

export interface ForestPlotData {
  /** Unique on the page: the SVG's title and description are named by it. */
  id: string;
  title: string;
  /** What each side is called (a run, a variant): the legend and the table's columns. */
  sides: string[];
  rows: ForestRow[];
  /** The table's first heading: what the intervals are. */
  basis: string;
}

const WIDTH = 760;
const LABEL_END = 150;
const PLOT = { left: 160, right: 560 };
const TOP = 30;
const LINE = 18;
const GAP = 8;
const AXIS = 28;

const x = (rate: number) => PLOT.left + (PLOT.right - PLOT.left) * Math.min(1, Math.max(0, rate));
const percentText = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
const drawable = (rate: PlottedRate | undefined): rate is PlottedRate =>
  rate !== undefined && [rate.estimate, rate.lower, rate.upper].every(Number.isFinite);
const rowName = (row: ForestRow) => (row.corrected ? `${row.label}, judge-corrected` : row.label);

function entry(row: ForestRow, cell: ForestCell, side: number, sideName: string, y: number): Html {
  const { rate } = cell;
  if (!drawable(rate)) {
    return html`<text class="value missing side-${side}" x="${PLOT.left}" y="${y + 4}">${sideName}: ${cell.text}</text>`;
  }
  const kind = row.corrected ? 'corrected' : 'raw';
  return html`<g class="rate side-${side} ${kind}" data-figure="${row.label}" data-side="${side}" data-kind="${kind}">
<title>${rowName(row)} · ${sideName}: ${cell.text}</title>
<line class="interval" x1="${x(rate.lower)}" x2="${x(rate.upper)}" y1="${y}" y2="${y}"/>
<line class="whisker" x1="${x(rate.lower)}" x2="${x(rate.lower)}" y1="${y - 4}" y2="${y + 4}"/><line class="whisker" x1="${x(rate.upper)}" x2="${x(rate.upper)}" y1="${y - 4}" y2="${y + 4}"/>
<circle class="estimate" cx="${x(rate.estimate)}" cy="${y}" r="4.5"/>
<text class="value" x="${PLOT.right + 10}" y="${y + 4}">${percentText(rate.estimate)} (${percentText(rate.lower)}–${percentText(rate.upper)})</text></g>`;
}

/** The same figures as a table: what a screen reader, a text browser or a copy and paste reads. */
function figuresTable(plot: ForestPlotData): Html {
  return html`<table class="figures" id="${plot.id}-table"><thead><tr><th>${plot.basis}</th>${plot.sides.map(
    (side) => html`<th>${side}</th>`,
  )}</tr></thead><tbody>${plot.rows.map(
    (row) =>
      html`<tr data-figure="${row.label}"${row.corrected ? html` data-corrected="true"` : ''}><th>${rowName(row)}</th>${row.cells.map(
        (cell) => html`<td>${cell.text}</td>`,
      )}</tr>`,
  )}</tbody></table>`;
}

/**
 * A forest plot drawn on the server: a row per rate, each side's estimate as a point with its 95% interval
 * on one 0–100% axis, judge-corrected rates hollow under their raw ones. Plain SVG (no script, no style
 * attribute: the page's stylesheet colours it, so it stays inert under the reports' CSP); every string is
 * escaped, and a title, a description and the table after it say what it shows.
 */
export function forestPlot(plot: ForestPlotData): Html {
  const ys: number[] = [];
  let y = TOP + LINE / 2;
  for (const row of plot.rows) {
    ys.push(y);
    y += row.cells.length * LINE + GAP;
  }
  const bottom = y - GAP + 4;
  const height = bottom + AXIS;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map(
    (t) =>
      html`<line class="grid" x1="${x(t)}" x2="${x(t)}" y1="${TOP - 4}" y2="${bottom}"/><text class="axis" x="${x(t)}" y="${bottom + 16}" text-anchor="middle">${Math.round(t * 100)}%</text>`,
  );
  const legend = plot.sides.map(
    (side, i) =>
      html`<g class="legend side-${i}"><circle class="estimate" cx="${PLOT.left + i * 200 + 6}" cy="12" r="4.5"/><text x="${PLOT.left + i * 200 + 16}" y="16">${side}</text></g>`,
  );
  const rows = plot.rows.map((row, r) => {
    const top = ys[r] ?? 0;
    return html`<g class="row${row.corrected ? ' corrected' : ''}"><text class="label" x="${LABEL_END}" y="${top + 4}" text-anchor="end">${row.corrected ? 'judge-corrected' : row.label}</text>
${row.cells.map((cell, side) => entry(row, cell, side, plot.sides[side] ?? '', top + side * LINE))}</g>`;
  });
  const described = plot.rows
    .map((row) => `${rowName(row)}: ${row.cells.map((cell, i) => `${plot.sides[i]} ${cell.text}`).join('; ')}`)
    .join('. ');
  return html`<figure class="forest" id="${plot.id}">
<svg class="forest-plot" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${plot.id}-title ${plot.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${plot.id}-title">${plot.title}</title>
<desc id="${plot.id}-desc">Each rate as a point with its 95% interval (${plot.basis}). ${described}.</desc>
${legend}${ticks}${rows}</svg>
<figcaption>${plot.title}: points are rates, bars their 95% intervals; the table holds the same figures.</figcaption>
${figuresTable(plot)}</figure>`;
}
