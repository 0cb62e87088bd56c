import { gatedVerdictWords } from '@evalpacks/core/report';
import type { ComparisonDocument, PairedItem } from '@evalpacks/core/stats';
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

/** Items that flipped between epochs on either side, as caseId and key: marked where they are listed. */
const flakyKeys = (doc: ComparisonDocument) => new Set(doc.flakyItems.map((f) => `${f.caseId}\u0000${f.key}`));

function flips(caseId: string, items: PairedItem[], flaky: Set<string>): Html {
  return html`${items.map(
    (item) =>
      html`<li data-item="${item.key}">${item.variant.label} <span class="dim">(${item.baseline.passed}/${item.baseline.graded} → ${item.variant.passed}/${item.variant.graded})</span>${
        flaky.has(`${caseId}\u0000${item.key}`) ? html` <span class="badge badge-flaky">flaky</span>` : ''
      }</li>`,
  )}`;
}

/** Every item that passed in some epochs and failed in others, per side, linked to its case. */
function flakyTable(doc: ComparisonDocument, runs: [RunRecord, RunRecord]): Html | string {
  if (doc.flakyItems.length === 0) return '';
  const runOf = (side: 'baseline' | 'variant') => (side === 'baseline' ? runs[0] : runs[1]);
  return html`<section><h2>Flaky items</h2><p class="dim">passed in some epochs and failed in others: their verdicts may flip by chance</p>
  <table class="flaky-items"><thead><tr><th>side</th><th>case</th><th>item</th><th>epochs passed</th></tr></thead><tbody>${doc.flakyItems.map(
    (f) =>
      html`<tr data-side="${f.side}" data-case="${f.caseId}" data-item="${f.key}"><td>${f.side} #${runOf(f.side).id}</td><td><a href="/runs/${runOf(f.side).id}/cases/${encodeURIComponent(f.caseId)}">${f.caseId}</a></td><td>${f.label}</td><td>${f.passed}/${f.graded}</td></tr>`,
  )}</tbody></table></section>`;
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
  const flaky = result ? flakyKeys(result.document) : new Set<string>();
  const body = html`<h1>Compare</h1>
  ${picker(data.runs, data.chosen)}
  ${data.problem ? html`<p class="problem">${data.problem}</p>` : ''}
  ${
    pair && result
      ? html`<h2>${runLabel(pair[0])} → ${runLabel(pair[1])}</h2>
  <p class="verdict-line">verdict: <strong data-verdict="${result.comparison.verdict}">${result.comparison.verdict}</strong>${result.document.gate ? ` ${gatedVerdictWords(result.document)}` : ''}</p>
  <section><h2>Items that flipped</h2>${
    flipped.length
      ? html`<table class="flips"><thead><tr><th>case</th><th>gained (failed → passed)</th><th>lost (passed → failed)</th></tr></thead><tbody>${flipped.map(
          (
            c,
          ) => html`<tr data-case="${c.caseId}"><td>${c.caseId} <span class="dim">${c.name}</span>${answers(pair, c.caseId)}</td>
            <td><ul class="gained">${flips(c.caseId, c.gained, flaky)}</ul></td><td><ul class="lost">${flips(c.caseId, c.lost, flaky)}</ul></td></tr>`,
        )}</tbody></table>`
      : html`<p>no item changed its verdict</p>`
  }</section>
  <section><h2>Paired statistics</h2>${result.notes.map((note) => html`<p class="graded-now">${note}</p>`)}${compareFigures(result.document)}</section>
  ${flakyTable(result.document, pair)}`
      : ''
  }`;
  return layout({ title: 'Compare', body });
}
