import type { CaseResult } from '@evalpacks/core';
import type { RunRecord } from '@evalpacks/store';
import { caseView, type SpotOf } from '../views/case-view.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

/** Labelling on a case page: where each verdict is labelled, how many are left in the run, the next case. */
export interface CaseLabelling {
  spotOf: SpotOf;
  /** Verdicts of the run not labelled yet; undefined while a large run's are still being counted. */
  toLabel?: number;
  /** The next case of the run with verdicts to label, if any. */
  next?: string;
}

function labellingBar(run: RunRecord, labelling: CaseLabelling): Html {
  return html`<p class="label-bar" data-next="${labelling.next ?? ''}"><a href="/runs/${run.id}/to-label">${labelling.toLabel === undefined ? 'verdicts to label in this run (still counting)' : `${labelling.toLabel} to label in this run`}</a>
  · keys: <kbd>n</kbd> next, <kbd>p</kbd> previous, <kbd>a</kbd> agree, <kbd>d</kbd> judge wrong, <kbd>g</kbd> agent wrong, <kbd>c</kbd> case wrong</p>`;
}

export function casePage(
  run: RunRecord,
  results: CaseResult[],
  costs: ReadonlyMap<number, number>,
  labelling?: CaseLabelling,
): Html {
  const testCase = results[0]?.case;
  const body = html`<p class="crumbs"><a href="/runs/${run.id}">Run #${run.id} · ${run.pack} · ${run.variant}</a></p>
  <h1>${testCase?.id ?? ''} <span class="dim">${testCase?.name ?? ''}</span></h1>
  ${labelling ? labellingBar(run, labelling) : ''}
  ${caseView(results, costs, labelling?.spotOf)}`;
  return layout({
    title: `${testCase?.id ?? 'case'} · run #${run.id}`,
    body,
    ...(labelling && { scripts: ['label.js'] }),
  });
}
