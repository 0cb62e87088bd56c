import type { CaseListing } from '@evalpacks/store';
import { type Html, html } from './html.ts';

/** The statuses of a case's epochs, one mark each, as the runs and live views show them. */
export function epochMarks(listing: Pick<CaseListing, 'epochs'>): Html {
  return html`${listing.epochs.map(
    (e) =>
      html`<span class="badge badge-${e.status}" data-epoch="${e.epoch}" title="epoch ${e.epoch + 1}">${e.status}</span> `,
  )}`;
}

export function caseRow(runId: number, listing: CaseListing): Html {
  return html`<tr data-case="${listing.caseId}">
    <td><a href="/runs/${runId}/cases/${encodeURIComponent(listing.caseId)}">${listing.caseId}</a></td>
    <td>${listing.name}</td><td>${epochMarks(listing)}</td><td class="reason">${listing.reason ?? ''}</td>
  </tr>`;
}
