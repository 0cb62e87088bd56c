import type { RunFacets, RunFilter, RunListing, RunPage } from '@evalpacks/store';
import { describeModel, usd, when } from '../views/format.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';
import { pager } from '../views/pager.ts';
import { passRate } from '../views/pass-rate.ts';
import { type ShownRun, statusCell } from '../views/run-status.ts';

function select(name: string, label: string, values: string[], chosen: string | undefined): Html {
  return html`<label>${label} <select name="${name}"><option value="">any</option>${values.map(
    (value) => html`<option value="${value}"${value === chosen ? ' selected' : ''}>${value}</option>`,
  )}</select></label>`;
}

function row(run: ShownRun<RunListing>): Html {
  const results = `${run.passed}/${run.total}${run.errors ? `, ${run.errors} errors` : ''}`;
  return html`<tr data-run="${run.id}">
    <td><a href="/runs/${run.id}">#${run.id}</a></td>
    <td>${run.pack}</td><td>${run.variant}</td>
    <td>${describeModel(run.agent)}</td><td>${describeModel(run.judge)}</td>
    <td>${run.epochs}</td><td>${when(run.startedAt)}</td><td>${statusCell(run)}</td>
    <td>${results}</td><td class="rate">${passRate(run.passed, run.total)}</td><td>${usd(run.costUsd)}</td>
  </tr>`;
}

/** Every run, newest first, one page at a time, filterable by pack, variant and model. */
export function runsPage(
  page: RunPage & { runs: ShownRun<RunListing>[] },
  facets: RunFacets,
  filter: RunFilter,
  url: URL,
): Html {
  const body = html`<h1>Runs</h1>
  <form class="filters" method="get" action="/">
    ${select('pack', 'pack', facets.packs, filter.pack)} ${select('variant', 'variant', facets.variants, filter.variant)}
    ${select('model', 'model', facets.models, filter.model)} <button type="submit">Filter</button>
  </form>
  <table class="runs">
    <thead><tr><th>run</th><th>pack</th><th>variant</th><th>agent</th><th>judge</th><th>epochs</th><th>started (UTC)</th>
    <th>status</th><th>results</th><th>pass rate</th><th>cost</th></tr></thead>
    <tbody>${page.runs.map(row)}</tbody>
  </table>
  ${pager(url, filter.offset, filter.limit, page.matching)}`;
  return layout({ title: 'Runs', body });
}
