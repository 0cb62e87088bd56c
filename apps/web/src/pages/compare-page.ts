import type { PairedItem } from '@evalpacks/core/stats';
import type { RunListing, RunRecord } from '@evalpacks/store';
import { compareFigures } from '../figures/compare-figures.ts';
import type { StoredComparison } from '../grading/compare-stored.ts';
import { describeModel, when } from '../views/format.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

const runLabel = (run: RunRecord) =>
  `#${run.id} ${run.pack} · ${run.variant} · ${describeModel(run.agent)} · ${when(run.startedAt)}`;

/** Once a baseline is chosen, the variant is offered among the runs of its pack only. */
function picker(runs: RunListing[], chosen: [number | undefined, number | undefined]): Html {
  const pack = runs.find((run) => run.id === chosen[0])?.pack;
  const options = (name: string, among: RunListing[], selected: number | undefined) =>
    html`<select name="${name}">${among.map(
      (run) => html`<option value="${run.id}"${run.id === selected ? ' selected' : ''}>${runLabel(run)}</option>`,
    )}</select>`;
  const variants = pack ? runs.filter((run) => run.pack === pack) : runs;
  return html`<form class="filters" method="get" action="/compare">
    <label>baseline ${options('a', runs, chosen[0])}</label> <label>variant ${options('b', variants, chosen[1])}</label>
    <button type="submit">Compare</button></form>`;
}

function flips(items: PairedItem[]): Html {
  return html`${items.map(
    (item) =>
      html`<li data-item="${item.key}">${item.variant.label} <span class="dim">(${item.baseline.passed}/${item.baseline.graded} → ${item.variant.passed}/${item.variant.graded})</span></li>`,
  )}`;
}

function answers(runs: [RunRecord, RunRecord], caseId: string): Html {
  const link = (run: RunRecord) => `/runs/${run.id}/cases/${encodeURIComponent(caseId)}`;
  return html`<br><a href="${link(runs[0])}">#${runs[0].id} answer</a> · <a href="${link(runs[1])}">#${runs[1].id} answer</a>`;
}

export interface ComparePageData {
  runs: RunListing[];
  chosen: [number | undefined, number | undefined];
  pair?: [RunRecord, RunRecord];
  result?: StoredComparison;
  problem?: string;
}

/** Two runs of one pack: the items that flipped per case, then core's paired statistics drawn as figures. */
export function comparePage(data: ComparePageData): Html {
  const { pair, result } = data;
  const flipped = result?.comparison.cases.filter((c) => c.gained.length + c.lost.length > 0) ?? [];
  const body = html`<h1>Compare</h1>
  ${picker(data.runs, data.chosen)}
  ${data.problem ? html`<p class="problem">${data.problem}</p>` : ''}
  ${
    pair && result
      ? html`<h2>${runLabel(pair[0])} → ${runLabel(pair[1])}</h2>
  <p class="verdict-line">verdict: <strong data-verdict="${result.comparison.verdict}">${result.comparison.verdict}</strong></p>
  <section><h2>Items that flipped</h2>${
    flipped.length
      ? html`<table class="flips"><thead><tr><th>case</th><th>gained (failed → passed)</th><th>lost (passed → failed)</th></tr></thead><tbody>${flipped.map(
          (
            c,
          ) => html`<tr data-case="${c.caseId}"><td>${c.caseId} <span class="dim">${c.name}</span>${answers(pair, c.caseId)}</td>
            <td><ul class="gained">${flips(c.gained)}</ul></td><td><ul class="lost">${flips(c.lost)}</ul></td></tr>`,
        )}</tbody></table>`
      : html`<p>no item changed its verdict</p>`
  }</section>
  <section><h2>Paired statistics</h2>${result.notes.map((note) => html`<p class="graded-now">${note}</p>`)}${compareFigures(result.document, result.corrected)}</section>`
      : ''
  }`;
  return layout({ title: 'Compare', body });
}
