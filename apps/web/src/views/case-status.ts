import { type CaseStanding, STRUCTURAL_ONLY, standingOf } from '@evalpacks/core/grade';
import { itemsNotJudged } from '@evalpacks/core/report';
import type { CaseListing } from '@evalpacks/store';
import { type Html, html } from './html.ts';

/** A standing as people read it: its own word, "structural only" for a pass with items not judged. */
export const standingWord = (standing: CaseStanding): string =>
  standing === 'structural-only' ? STRUCTURAL_ONLY : standing;

/** A case's (or epoch's) standing as a badge, as core's grade decides it (see CaseStanding). */
export const standingBadge = (standing: CaseStanding, attributes: Html | '' = ''): Html =>
  html`<span class="badge badge-${standing}" data-status="${standing}"${attributes}>${standingWord(standing)}</span>`;

/** A listed case's epochs with their standing, as the run page and its live view show them. */
export function shownEpochs(listing: Pick<CaseListing, 'epochs'>) {
  return listing.epochs.map(({ epoch, status, notJudged }) => {
    const standing = standingOf(status, notJudged);
    return { epoch, status: standing, label: standingWord(standing) };
  });
}

/** The standings of a case's epochs, one mark each, as the runs and live views show them. */
export function epochMarks(listing: Pick<CaseListing, 'epochs'>): Html {
  return html`${shownEpochs(listing).map(
    (e) => html`${standingBadge(e.status, html` data-epoch="${e.epoch}" title="epoch ${e.epoch + 1}"`)} `,
  )}`;
}

/** Why a case did not pass: its first reason, else what a structural-only epoch left unjudged. */
export function reasonOf(listing: Pick<CaseListing, 'epochs' | 'reason'>): string {
  if (listing.reason) return listing.reason;
  const unjudged = listing.epochs.find((e) => standingOf(e.status, e.notJudged) === 'structural-only');
  return unjudged ? itemsNotJudged(unjudged.notJudged) : '';
}

export function caseRow(runId: number, listing: CaseListing): Html {
  return html`<tr data-case="${listing.caseId}">
    <td><a href="/runs/${runId}/cases/${encodeURIComponent(listing.caseId)}">${listing.caseId}</a></td>
    <td>${listing.name}</td><td>${epochMarks(listing)}</td><td class="reason">${reasonOf(listing)}</td>
  </tr>`;
}
