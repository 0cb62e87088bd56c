import type { CaseResult } from '@evalpacks/core';
import type { RunRecord } from '@evalpacks/store';
import { caseView } from '../views/case-view.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

export function casePage(run: RunRecord, results: CaseResult[], costs: ReadonlyMap<number, number>): Html {
  const testCase = results[0]?.case;
  const body = html`<p class="crumbs"><a href="/runs/${run.id}">Run #${run.id} · ${run.pack} · ${run.variant}</a></p>
  <h1>${testCase?.id ?? ''} <span class="dim">${testCase?.name ?? ''}</span></h1>
  ${caseView(results, costs)}`;
  return layout({ title: `${testCase?.id ?? 'case'} · run #${run.id}`, body });
}
