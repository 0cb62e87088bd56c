import { queueReasonText } from '@evalpacks/core/calibration';
import type { RunRecord } from '@evalpacks/store';
import type { QueuePage } from '../labelling/queue-pages.ts';
import { type Html, html } from '../views/html.ts';
import { layout } from '../views/layout.ts';

function pageLinks(run: RunRecord, queue: QueuePage): Html {
  if (queue.pages === 1) return html``;
  const to = (page: number) => `/runs/${run.id}/to-label?page=${page}`;
  const link = (page: number, text: string, rel?: string) =>
    rel ? html`<a rel="${rel}" href="${to(page)}">${text}</a>` : html`<a href="${to(page)}">${text}</a>`;
  return html`<p class="pager">page ${queue.page} of ${queue.pages}
    ${queue.page > 1 ? html`${link(1, 'first')} ${link(queue.page - 1, 'previous', 'prev')}` : ''}
    ${queue.page < queue.pages ? html`${link(queue.page + 1, 'next', 'next')} ${link(queue.pages, 'last')}` : ''}</p>`;
}

/**
 * A run's queue, a page at a time: the verdicts nobody labelled yet, most worth a label first (core's
 * orderLabelQueue), each with why it is where it is.
 */
export function toLabelPage(run: RunRecord, queue: QueuePage): Html {
  const rows = queue.items.map(
    ({ item, reason }, i) =>
      html`<tr data-case="${item.caseId}" data-item="${item.itemId}" data-why="${reason.why}"><td>${queue.offset + i + 1}</td><td><a href="/runs/${run.id}/cases/${encodeURIComponent(item.caseId)}">${item.caseId}</a></td><td>${item.kind}</td><td>${item.itemId}</td><td>${item.epoch + 1}</td><td>${item.passed ? 'pass' : 'fail'}</td><td>${queueReasonText(reason)}</td></tr>`,
  );
  const labelled = queue.labelled ? html` · ${queue.labelled} labelled` : '';
  const body = html`<p class="crumbs"><a href="/runs/${run.id}">Run #${run.id} · ${run.pack} · ${run.variant}</a></p>
  <h1>To label <span class="dim">${queue.total} verdicts${labelled}</span></h1>
  ${
    queue.total
      ? html`<p class="dim">Most worth a label first: verdicts the judge was unsure of (decision token below ${queue.threshold}), those a re-judge decided the other way, items with no label yet, then the rest, fewest labels first.</p>
  <table class="to-label"><thead><tr><th>#</th><th>case</th><th>kind</th><th>item</th><th>epoch</th><th>judge</th><th>why next</th></tr></thead><tbody>${rows}</tbody></table>
  ${pageLinks(run, queue)}`
      : html`<p>Every verdict of this run is labelled. <code>pnpm calibrate --domain ${run.pack}</code> measures the judge against them.</p>`
  }`;
  return layout({ title: `To label · run #${run.id}`, body });
}
