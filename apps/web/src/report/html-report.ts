import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CaseResult, RunResult } from '@evalpacks/core';
import { gradeRun, notJudgedOf, type RunGrade, resultStanding } from '@evalpacks/core/grade';
import { itemsNotJudged } from '@evalpacks/core/report';
import { summaryView } from '../grading/run-summary.ts';
import { standingBadge } from '../views/case-status.ts';
import { caseView } from '../views/case-view.ts';
import { describeModel, when } from '../views/format.ts';
import { type Html, html, raw } from '../views/html.ts';

export interface HtmlReportOptions {
  runId?: string;
  /** The run's grade, as the store keeps it; without it (a run made in code) the run is graded here. */
  grade?: RunGrade;
}

const STYLE = readFileSync(new URL('../../assets/style.css', import.meta.url), 'utf8');

/**
 * The file has no script at all and may load nothing: its one stylesheet is inline, allowed by its hash
 * alone, so even an answer that slipped past the renderer could neither run code nor reach the network.
 */
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** A case's epochs together, in the order the run saved them. */
function byCase(results: CaseResult[]): CaseResult[][] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) groups.set(result.case.id, [...(groups.get(result.case.id) ?? []), result]);
  return [...groups.values()].map((group) => group.sort((a, b) => a.epoch - b.epoch));
}

/** Why a case did not pass: its first reason, else what a structural-only epoch left unjudged. */
function reasonOf(group: CaseResult[]): string {
  const reason = group.flatMap((r) => r.reasons)[0];
  if (reason !== undefined) return reason;
  const unjudged = group.find((r) => resultStanding(r) === 'structural-only');
  return unjudged ? itemsNotJudged(notJudgedOf(unjudged)) : '';
}

function caseIndex(groups: CaseResult[][]): Html {
  return html`<table class="cases"><thead><tr><th>case</th><th>name</th><th>epochs</th><th>why not passed</th></tr></thead><tbody>${groups.map(
    (group, index) => {
      const first = group[0] as CaseResult;
      return html`<tr data-case="${first.case.id}"><td><a href="#case-${index}">${first.case.id}</a></td><td>${first.case.name}</td>
        <td>${group.map((r) => html`${standingBadge(resultStanding(r))} `)}</td><td class="reason">${reasonOf(group)}</td></tr>`;
    },
  )}</tbody></table>`;
}

/** The head of a self-contained report page: its CSP (no script, nothing fetched) and the one stylesheet it allows. */
export function reportHead(title: string): Html {
  return html`<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>`;
}

/** One self-contained HTML file for a run: summary, suggestions, the case list and every case in full. */
export function htmlReport(run: RunResult, options: HtmlReportOptions = {}): string {
  const epochs = Math.max(1, ...run.cases.map((r) => r.epoch + 1));
  const grade = options.grade ?? gradeRun(run);
  const summary = summaryView({ grade }, { id: Number(options.runId ?? 0), ...run, epochs });
  const groups = byCase(run.cases);
  const title = `${options.runId ? `Run #${options.runId} · ` : ''}${run.pack} · ${run.variant}`;
  return String(html`<!doctype html>
<html lang="en">
${reportHead(`${title} · evalpacks report`)}
<body>
<main id="run">
<h1>${title}</h1>
<p class="meta">agent ${describeModel(run.agent)} · judge ${describeModel(run.judge)} · ${epochs} epoch${epochs === 1 ? '' : 's'} · started ${when(run.startedAt)} UTC · finished ${when(run.finishedAt)} UTC</p>
<section><h2>Summary</h2><pre class="summary">${summary.text}</pre></section>
${
  summary.suggestions.length
    ? html`<section><h2>Suggestions</h2><ul class="suggestions">${summary.suggestions.map(
        (s) => html`<li><span class="part">${s.target}</span> ${s.caseId}: ${s.text}</li>`,
      )}</ul></section>`
    : ''
}
<section><h2>Cases</h2>${caseIndex(groups)}</section>
${groups.map(
  (group, index) => html`<section class="case-section" id="case-${index}">
  <h2>${group[0]?.case.id} <span class="dim">${group[0]?.case.name}</span> <a class="dim" href="#run">back to the run</a></h2>
  ${caseView(group)}</section>`,
)}
</main>
</body>
</html>
`);
}
