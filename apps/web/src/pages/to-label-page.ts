import type { CaseResult, Verdict } from '@evalpacks/core';
import type { RunRecord } from '@evalpacks/store';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

/** A run's queue: every verdict the judge gave that nobody has labelled yet, in case order. */
export function toLabelPage(run: RunRecord, queue: { result: CaseResult; verdict: Verdict }[]): Html {
  const rows = queue.map(
    ({ result, verdict }) =>
      html`<tr data-case="${result.case.id}" data-item="${verdict.itemId}"><td><a href="/runs/${run.id}/cases/${encodeURIComponent(result.case.id)}">${result.case.id}</a></td><td>${verdict.kind}</td><td>${verdict.itemId}</td><td>${result.epoch + 1}</td></tr>`,
  );
  const body = html`<p class="crumbs"><a href="/runs/${run.id}">Run #${run.id} · ${run.pack} · ${run.variant}</a></p>
  <h1>To label <span class="dim">${queue.length} verdicts</span></h1>
  ${
    queue.length
      ? html`<table class="to-label"><thead><tr><th>case</th><th>kind</th><th>item</th><th>epoch</th></tr></thead><tbody>${rows}</tbody></table>`
      : html`<p>Every verdict of this run is labelled. <code>pnpm calibrate --domain ${run.pack}</code> measures the judge against them.</p>`
  }`;
  return layout({ title: `To label · run #${run.id}`, body });
}
