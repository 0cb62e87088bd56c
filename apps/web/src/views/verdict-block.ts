import type { Case, Verdict } from '@evalpacks/core';
import { describeItem } from '@evalpacks/core/grade';
import { lowConfidenceNote } from '@evalpacks/core/report';
import { type Html, html } from './html.ts';
import { type LabelSpot, labelControls } from './label-controls.ts';
import { renderMarkdown } from './markdown.ts';

/** The console's words for a verdict, so the viewer and the terminal say the same thing. */
function label(verdict: Verdict): string {
  if (verdict.status === 'error') return 'JUDGE ERROR';
  if (verdict.status === 'skipped') return 'NOT JUDGED';
  if (verdict.kind === 'finding') return verdict.passed ? 'CAUGHT' : 'MISSED';
  if (verdict.kind === 'absent') return verdict.passed ? 'NOT FLAGGED' : 'FALSE POSITIVE';
  return verdict.passed ? 'RUBRIC MET' : 'RUBRIC FAILED';
}

/** A low-confidence verdict's mark, as the console's "[low confidence 55%]". */
function lowConfidenceBadge(verdict: Verdict): Html | string {
  const note = lowConfidenceNote(verdict);
  return note ? html` <span class="badge badge-low-confidence">${note}</span>` : '';
}

const outcome = (verdict: Verdict) => (verdict.status === 'ok' ? (verdict.passed ? 'pass' : 'fail') : verdict.status);

/**
 * One judged item. The element carries stable hooks (data-item, data-kind, data-epoch) so labelling can
 * attach its controls beside each verdict without reading the markup's text.
 */
export function verdictBlock(testCase: Case, verdict: Verdict, epoch: number, spot?: LabelSpot): Html {
  const severity = testCase.expectedFindings.find((f) => f.id === verdict.itemId)?.severity;
  return html`<article class="verdict verdict-${outcome(verdict)}" data-item="${verdict.itemId}" data-kind="${verdict.kind}" data-epoch="${epoch}"${spot ? html` data-label-state="${spot.state}"` : ''}>
    <header><strong class="verdict-label">${label(verdict)}</strong> ${verdict.kind === 'finding' ? verdict.itemId : describeItem(testCase, verdict)}${severity ? html` <span class="dim">(${severity})</span>` : ''}${lowConfidenceBadge(verdict)}</header>
    ${verdict.status === 'ok' ? html`<div class="reasoning md">${renderMarkdown(verdict.reasoning)}</div>` : ''}
    ${verdict.status === 'ok' && verdict.turnNote ? html`<p class="turn-note">${verdict.turnNote}</p>` : ''}
    ${
      verdict.status === 'error'
        ? html`<p class="judge-error">${verdict.error}</p>${
            verdict.raw !== undefined ? html`<p>raw answer of the judge:</p><pre class="raw">${verdict.raw}</pre>` : ''
          }`
        : ''
    }
    ${verdict.status === 'skipped' ? html`<p class="dim">${verdict.reason}</p>` : ''}
    <footer class="dim">judge ${verdict.model || 'none'} · ${verdict.usage.input} in / ${verdict.usage.output} out · ${Math.round(verdict.latencyMs)} ms${
      verdict.retries ? ` · ${verdict.retries} retries` : ''
    }</footer>
    ${spot && verdict.status === 'ok' ? labelControls(spot) : ''}
  </article>`;
}
