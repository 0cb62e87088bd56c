import { points } from '@evalpacks/core/report';
import { type Html, html } from '../views/html.ts';

/** The paired difference (variant − baseline) as the comparison document holds it: null for no interval. */
export interface PlottedDifference {
  id: string;
  mean: number;
  lower: number | null;
  upper: number | null;
  /** The smallest change the comparison would find with 80% power; null when none can be. */
  detectable: number | null;
  clusters: number;
  /** What the variant side is called. */
  variant: string;
}

const WIDTH = 760;
const PLOT = { left: 60, right: 700 };
const HEIGHT = 96;
const Y = 44;

/** The axis runs ±10, ±20, ... points: wide enough for the interval and the detectable change. */
function reach(d: PlottedDifference): number {
  const extent = [d.mean, d.lower ?? 0, d.upper ?? 0, d.detectable ?? 0].filter(Number.isFinite).map(Math.abs);
  return Math.min(1, Math.max(0.1, Math.ceil(Math.max(...extent) * 10) / 10));
}

/**
 * The paired difference on its own axis in points: its 95% interval against zero, and the band of changes
 * too small for this many cases to detect shaded around zero, so an interval inside it reads as "cannot
 * tell" rather than "no change". SVG without script or style attributes, with a title and description.
 */
export function differencePlot(d: PlottedDifference): Html {
  const m = reach(d);
  const x = (v: number) => PLOT.left + ((Math.min(m, Math.max(-m, v)) + m) / (2 * m)) * (PLOT.right - PLOT.left);
  const ticks = [-m, -m / 2, 0, m / 2, m].map(
    (t) =>
      html`<line class="grid${t === 0 ? ' zero' : ''}" x1="${x(t)}" x2="${x(t)}" y1="18" y2="${HEIGHT - 26}"/><text class="axis" x="${x(t)}" y="${HEIGHT - 10}" text-anchor="middle">${points(t)}</text>`,
  );
  const band =
    d.detectable === null
      ? html`<rect class="undetectable" x="${PLOT.left}" y="24" width="${PLOT.right - PLOT.left}" height="40"/>`
      : html`<rect class="undetectable" x="${x(-d.detectable)}" y="24" width="${x(d.detectable) - x(-d.detectable)}" height="40"/>
<line class="detectable" x1="${x(-d.detectable)}" x2="${x(-d.detectable)}" y1="20" y2="68"/><line class="detectable" x1="${x(d.detectable)}" x2="${x(d.detectable)}" y1="20" y2="68"/>`;
  const detectableWords =
    d.detectable === null
      ? `with ${d.clusters} cases no difference can be detected`
      : `changes under ±${points(Math.min(1, d.detectable)).slice(1)} points are too small to detect with ${d.clusters} cases (shaded)`;
  const intervalWords =
    d.lower !== null && d.upper !== null
      ? `95% CI ${points(d.lower)} to ${points(d.upper)} points`
      : 'no interval from a single case';
  const interval =
    d.lower !== null && d.upper !== null
      ? html`<line class="interval" x1="${x(d.lower)}" x2="${x(d.upper)}" y1="${Y}" y2="${Y}"/><line class="whisker" x1="${x(d.lower)}" x2="${x(d.lower)}" y1="${Y - 5}" y2="${Y + 5}"/><line class="whisker" x1="${x(d.upper)}" x2="${x(d.upper)}" y1="${Y - 5}" y2="${Y + 5}"/>`
      : '';
  return html`<figure class="difference" id="${d.id}">
<svg class="difference-plot" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${d.id}-title ${d.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${d.id}-title">Paired difference, ${d.variant} − baseline: ${points(d.mean)} points</title>
<desc id="${d.id}-desc">${points(d.mean)} points, ${intervalWords}; ${detectableWords}.</desc>
${band}${ticks}
<text class="axis" x="${PLOT.left}" y="12">← worse</text><text class="axis" x="${PLOT.right}" y="12" text-anchor="end">better →</text>
<g class="difference-point" data-mean="${d.mean}">${interval}<circle class="estimate" cx="${x(d.mean)}" cy="${Y}" r="5"/></g></svg>
<figcaption>Difference ${points(d.mean)} points (${intervalWords}); ${detectableWords}.</figcaption></figure>`;
}
