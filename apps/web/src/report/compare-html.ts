import { compareMarker, gatedVerdictWords } from '@evalpacks/core/report';
import type { CaseChange, ComparisonDocument } from '@evalpacks/core/stats';
import { compareFigures } from '../figures/compare-figures.ts';
import { describeModel, when } from '../views/format.ts';
import { type Html, html, raw } from '../views/html.ts';
import { reportHead } from './html-report.ts';

const ratio = (t: { passed: number; total: number }) => (t.total > 0 ? `${t.passed}/${t.total}` : '–');

/** One side of a case: its counts, then the items that changed towards it and its errors. */
function sideCell(c: CaseChange, side: 'baseline' | 'variant'): Html {
  const errors = c.errors[side];
  return html`<td class="side-${side}">structural ${ratio(c.structural[side])} · findings ${ratio(c.findings[side])} · false positives ${c.falsePositives[side]}
    ${errors.length ? html`<ul class="errors">${errors.map((line) => html`<li class="agent-error">${line}</li>`)}</ul>` : ''}</td>`;
}

function caseRow(c: CaseChange): Html {
  return html`<tr data-case="${c.caseId}" data-outcome="${c.outcome}"><td>${c.caseId} <span class="dim">${c.name}</span><br><span class="badge">${c.outcome}</span></td>
  ${sideCell(c, 'baseline')}${sideCell(c, 'variant')}
  <td><ul class="changes">${c.changes.map(
    (x) =>
      html`<li class="${x.change}" data-item="${x.key}">${x.words}: ${x.label} <span class="dim">(${x.baseline.passed}/${x.baseline.graded} → ${x.variant.passed}/${x.variant.graded})</span></li>`,
  )}</ul></td></tr>`;
}

/**
 * The comparison as one self-contained page: both sides' figures, the difference and its tests, then every
 * case with both sides side by side. Under the run report's CSP (no script, nothing fetched, the one
 * stylesheet allowed by its hash); every string from a model, a case or a prompt name is escaped.
 */
export function compareHtml(doc: ComparisonDocument): string {
  const title = `${doc.pack} · ${doc.baseline.run.label} → ${doc.variant.run.label}`;
  return String(html`<!doctype html>
<html lang="en">
${reportHead(`${title} · evalpacks compare`)}
<body>
${raw(compareMarker(doc))}
<main id="compare">
<h1>${title}</h1>
<p class="meta">judge ${describeModel(doc.judge)} (both sides) · ${doc.epochs} epoch${doc.epochs === 1 ? '' : 's'} · policy ${doc.policy} · baseline run ${doc.baseline.run.id} started ${when(doc.baseline.run.startedAt)} UTC · variant run ${doc.variant.run.id} started ${when(doc.variant.run.startedAt)} UTC</p>
<p class="verdict-line">verdict: <strong data-verdict="${doc.verdict}">${doc.verdict}</strong>${doc.gate ? ` ${gatedVerdictWords(doc)}` : ''}</p>
<section><h2>Overall</h2>${compareFigures(doc)}</section>
<section><h2>Cases</h2><table class="cases"><thead><tr><th>case</th><th>${doc.baseline.run.label}</th><th>${doc.variant.run.label}</th><th>changed</th></tr></thead><tbody>${doc.cases.map(caseRow)}</tbody></table></section>
</main>
</body>
</html>
`);
}
