import { CASE_FILTERS, type CaseFilter, type CasePage, type RunRecord } from '@evalpacks/store';
import { forestPlot } from '../figures/forest-plot.ts';
import type { RunSummaryView } from '../grading/run-summary.ts';
import { caseRow } from '../views/case-status.ts';
import { describeModel, when } from '../views/format.ts';
import { type Html, html } from '../views/html.ts';
import { badge, layout } from '../views/layout.ts';
import { pager } from '../views/pager.ts';
import { processGoneNote, type ShownRun } from '../views/run-status.ts';

/** A large failing run has a suggestion per failure; the page shows the first ones and leaves the rest to the filters. */
export const SUGGESTIONS_SHOWN = 30;

export interface RunPageData {
  run: ShownRun;
  /** Undefined when the run is too large to summarise while the page waits: the page fetches it. */
  summary?: RunSummaryView;
  /** Results saved for the run, all epochs. */
  results: number;
  cases: CasePage;
  filter: CaseFilter;
  search: string;
  offset: number;
  limit: number;
  url: URL;
}

export function runHeading(run: ShownRun): Html {
  return html`<h1>Run #${run.id} · ${run.pack} · ${run.variant} ${badge(run.status)}</h1>
  <p class="meta">agent ${describeModel(run.agent)} · judge ${describeModel(run.judge)} · ${run.epochs}
  epoch${run.epochs === 1 ? '' : 's'} · started ${when(run.startedAt)} UTC${run.finishedAt ? ` · finished ${when(run.finishedAt)} UTC` : ''}${
    run.kind === 'rejudge' ? html` · re-judge of <a href="/runs/${run.parentRunId}">run #${run.parentRunId}</a>` : ''
  }</p>${processGoneNote(run)}`;
}

function filterTabs(data: RunPageData): Html {
  const link = (name: CaseFilter) => {
    const to = new URLSearchParams({ status: name, ...(data.search && { q: data.search }) });
    const current = name === data.filter ? html` aria-current="page"` : '';
    return html`<a href="/runs/${data.run.id}?${to.toString()}"${current} data-filter="${name}">${name} (${data.cases.counts[name]})</a>`;
  };
  return html`<nav class="tabs">${CASE_FILTERS.map(link)}</nav>`;
}

function summarySections(run: RunRecord, summary: RunSummaryView): Html {
  const shown = summary.suggestions.slice(0, SUGGESTIONS_SHOWN);
  const more = summary.suggestions.length - shown.length;
  const rates = forestPlot({
    id: 'run-rates',
    title: `Rates of run #${run.id}`,
    sides: [`run #${run.id}`],
    rows: summary.figures,
    basis: run.epochs > 1 ? '95% intervals clustered by case' : '95% intervals',
  });
  return html`<section><h2>Summary</h2>${summary.note ? html`<p class="graded-now">${summary.note}</p>` : ''}${rates}<pre class="summary">${summary.text}</pre></section>
  ${
    shown.length
      ? html`<section><h2>Suggestions</h2><ul class="suggestions">${shown.map(
          (s) =>
            html`<li><span class="part">${s.target}</span> <a href="/runs/${run.id}/cases/${encodeURIComponent(s.caseId)}">${s.caseId}</a>: ${s.text}</li>`,
        )}</ul>${more > 0 ? html`<p class="dim">and ${more} more: see the failed and errors filters below</p>` : ''}</section>`
      : ''
  }`;
}

/** A run: the console's summary, the suggestions, and its cases a page at a time; live while it runs. */
export function runPage(data: RunPageData): Html {
  const { run, summary } = data;
  const cursor = Math.max(0, ...data.cases.cases.map((c) => c.savedOrder));
  const live = run.status === 'running' && data.filter === 'all' && !data.search && data.offset === 0;
  const body = html`${runHeading(run)}
  ${summary ? summarySections(run, summary) : html`<section><h2>Summary</h2><pre class="summary" id="summary" data-summary-of="${run.id}">summarising ${data.results} results…</pre></section><section id="suggestions"></section>`}
  <p><a class="to-label" href="/runs/${run.id}/to-label">Label this run's verdicts</a> (for <code>pnpm calibrate</code>)</p>
  <section><h2>Cases</h2>
  ${filterTabs(data)}
  <form class="search" method="get" action="/runs/${run.id}">
    <input type="hidden" name="status" value="${data.filter}">
    <input type="search" name="q" value="${data.search}" placeholder="search id, case or answer" aria-label="search cases">
    <button type="submit">Search</button>
  </form>
  <table class="cases"><thead><tr><th>case</th><th>name</th><th>epochs</th><th>why not passed</th></tr></thead>
  <tbody id="cases"${live ? html` data-live-run="${run.id}" data-cursor="${cursor}"` : ''}>${data.cases.cases.map((c) => caseRow(run.id, c))}</tbody></table>
  ${pager(data.url, data.offset, data.limit, data.cases.matching)}
  ${live ? html`<p class="live" id="live-note">running: new cases appear here as they are saved</p>` : ''}
  </section>`;
  const scripts = [...(live ? ['live.js'] : []), ...(summary ? [] : ['summary.js'])];
  return layout({ title: `Run #${run.id}`, body, scripts });
}
