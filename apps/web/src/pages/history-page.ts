import { formatInterval, percent } from '@evalpacks/core/report';
import { type Series as CoreSeries, DEFAULT_TREND_POLICY } from '@evalpacks/core/stats';
import type { RunOutcome } from '@evalpacks/store';
import { when } from '../views/format.ts';
import { historyChart } from '../views/history-chart.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

/** A pack's runs in one series, each with its cases passed as its stored grade counts them. */
export type Series = CoreSeries<RunOutcome>;

function trendNote(series: Series): Html {
  const { regression, points } = series.trend;
  if (regression) {
    return html`<p class="regression" data-regression="${regression.runIds.join(',')}">REGRESSION: runs ${regression.runIds.join(', ')} are all below the median of the runs before them (${percent(regression.baseline)}) beyond their 95% intervals</p>`;
  }
  const { window, minEarlier } = DEFAULT_TREND_POLICY;
  return html`<p class="trend">${
    points.length < window + minEarlier
      ? `${points.length} run${points.length === 1 ? '' : 's'}; a sustained regression needs ${window + minEarlier} to tell`
      : 'no sustained regression'
  }</p>`;
}

function seriesSection(series: Series): Html {
  const byId = new Map(series.runs.map((run) => [String(run.id), run]));
  // A run an older evalpacks recorded has no stored grade: it was graded now, and the row says under what.
  const gradedNow = (runId: string) => {
    const policy = byId.get(runId)?.gradedNow;
    return policy ? html` <span class="dim graded-now">graded now, under ${policy}</span>` : '';
  };
  return html`<section class="series"><h2>${series.name}</h2>${historyChart(series.trend)}${trendNote(series)}
    <table class="history"><thead><tr><th>run</th><th>started (UTC)</th><th>passed</th><th>rate</th><th>interval</th></tr></thead>
    <tbody>${series.trend.points.map(
      (p) =>
        html`<tr data-run="${p.runId}"><td><a href="/runs/${p.runId}">#${p.runId}</a></td><td>${when(p.startedAt)}</td><td>${p.passed}/${p.total}</td><td>${percent(p.rate)}</td><td>${formatInterval(p)}${gradedNow(p.runId)}</td></tr>`,
    )}</tbody></table></section>`;
}

/** Pass rates of a pack's completed runs over time, per series, with the regression flag of `pnpm history`. */
export function historyPage(packs: string[], pack: string | undefined, series: Series[]): Html {
  const body = html`<h1>History${pack ? ` · ${pack}` : ''}</h1>
  <nav class="tabs">${packs.map(
    (name) =>
      html`<a href="/history?pack=${encodeURIComponent(name)}"${name === pack ? html` aria-current="page"` : ''}>${name}</a>`,
  )}</nav>
  ${pack && series.length === 0 ? html`<p>no completed runs of ${pack}</p>` : ''}
  ${series.map(seriesSection)}`;
  return layout({ title: pack ? `History · ${pack}` : 'History', body });
}
