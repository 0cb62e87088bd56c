import { type CaseStanding, notJudgedOf, resultStanding, STRUCTURAL_ONLY } from '../grade/case-standing.ts';
import type { RunGrade } from '../grade/grade-schema.ts';
import type { RunResult } from '../schema/result.ts';
import { caseCounts, caseLabel, verdictLines } from './case-details.ts';
import { correctedRows } from './corrected-rows.ts';
import { type CaseOutcome, joinParts, type ReportSource, wholeRunSource } from './report-source.ts';
import { itemsNotJudged } from './standing-words.ts';
import { passKRows } from './summary-block.ts';
import { tokenLine } from './summary-rows.ts';
import { visible } from './visible.ts';

export interface MarkdownReportOptions {
  runId?: string;
  /** The run's grade (gradeRun under the run's settings); without it the run is graded under the default policy. */
  grade?: RunGrade;
}

const ICON: Record<CaseStanding, string> = { passed: '✅', 'structural-only': '⬜', failed: '❌', error: '⚠️' };

const ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/**
 * Text from a model, a tool or a case file as Markdown that renders as that text: HTML (`</details>`,
 * `<img onerror>`) becomes entities and Markdown syntax (`![](url)`, a beacon when a CI host renders the
 * summary) is backslash-escaped, so nothing in it can become markup or fetch anything.
 */
function text(raw: string): string {
  return visible(raw)
    .replace(/[<>&]/g, (char) => ENTITY[char] ?? char)
    .replace(/[\\`*_[\]#|~!]/g, '\\$&');
}

/** A table cell: escaped text, line breaks as <br>, so a reason never breaks the table. */
function cell(raw: string): string {
  return text(raw).replace(/\r?\n/g, '<br>');
}

const code = (raw: string) => `\`${visible(raw).replace(/`/g, "'")}\``;

/** A failed or errored result's judge reasoning, folded away: the lines the report ends its cases with. */
function details(result: CaseOutcome, epochs: number, lowConfidence?: number): string[] {
  if (result.status === 'passed' || result.verdicts.length === 0) return [];
  return [
    `<details><summary>${cell(caseLabel(result, epochs))}: judge reasoning</summary>`,
    '',
    ...verdictLines(result, lowConfidence).map((verdict) => `- ${text(verdict).replace(/\r?\n/g, ' ')}`),
    '',
    '</details>',
    '',
  ];
}

/**
 * The Markdown report as parts (see markdownReport): its counts from the grade, its cases read once from
 * the source (the judge reasoning of the cases that did not pass is kept until the table is done): its
 * outcomes where it has them, as the report shows nothing of an answer.
 */
export function* markdownReportParts(
  source: ReportSource,
  options: Omit<MarkdownReportOptions, 'grade'> = {},
): Generator<string> {
  const { run, grade } = source;
  const s = grade.figures.totals;
  const epochs = Math.max(1, grade.epochs);
  let first = true;
  // The text is the lines joined by newlines: a newline before every line but the first.
  const line = (text: string) => {
    const part = first ? text : `\n${text}`;
    first = false;
    return part;
  };
  yield line(`## evalpacks · ${text(run.pack)} · ${text(run.variant)}`);
  yield line('');
  const judge = run.judge ? code(`${run.judge.backend} ${run.judge.model}`) : 'none (structural only)';
  const unjudged = s.structuralOnly > 0 ? `, ${s.structuralOnly} ${STRUCTURAL_ONLY} (not judged)` : '';
  yield line(
    `**${s.cases.passed}/${s.cases.total} cases passed${unjudged}** · agent ${code(`${run.agent.backend} ${run.agent.model}`)} · ` +
      `judge ${judge}${options.runId ? ` · run ${options.runId}` : ''}`,
  );
  yield line('');
  yield line('| | case | structural | findings | false positives | reasons |');
  yield line('|---|---|---|---|---|---|');
  const folded: string[] = [];
  for (const result of source.outcomes?.() ?? source.results()) {
    const counts = caseCounts(result);
    const ratio = (t: { passed: number; total: number }) => (t.total > 0 ? `${t.passed}/${t.total}` : '–');
    const standing = resultStanding(result);
    const reasons =
      standing === 'structural-only' ? [`${STRUCTURAL_ONLY}: ${itemsNotJudged(notJudgedOf(result))}`] : result.reasons;
    yield line(
      `| ${ICON[standing]} | ${cell(caseLabel(result, epochs))} | ${ratio(counts.structural)} | ` +
        `${ratio(counts.findings)} | ${counts.falsePositives} | ${cell(reasons.join('\n'))} |`,
    );
    folded.push(...details(result, epochs, s.confidence?.threshold));
  }
  yield line('');
  yield line(
    `Structural ${s.structural.passed}/${s.structural.total} checks passed · findings ${s.findings.passed}/` +
      `${s.findings.judged} caught (${s.findings.total - s.findings.judged} not judged) · ${s.falsePositives} false positives · ${s.judgeErrors} judge errors · ` +
      `tokens: ${tokenLine(s)}`,
  );
  yield line('');
  const passK = passKRows(grade);
  if (passK.length > 0) {
    yield line(passK.map(([label, value]) => `${label} ${value}`).join(' · '));
    yield line('');
  }
  const corrected = correctedRows(grade);
  if (corrected.length > 0) {
    yield line('Judge-corrected (Rogan-Gladen, 95% CI by the delta method):');
    yield line('');
    for (const [, value] of corrected) yield line(`- ${text(value)}`);
    yield line('');
  }
  for (const folds of folded) yield line(folds);
  const { suggestions } = grade;
  if (suggestions.length > 0) {
    yield line('### Suggestions');
    yield line('');
    for (const suggestion of suggestions) {
      yield line(
        `- **${suggestion.target}** ${text(suggestion.caseId)}: ${text(suggestion.text).replace(/\r?\n/g, ' ')}`,
      );
    }
    yield line('');
  }
}

/** Markdown for a CI job summary (GitHub's $GITHUB_STEP_SUMMARY and the like): counts, a row per case, the why. */
export function markdownReport(run: RunResult, options: MarkdownReportOptions = {}): string {
  return joinParts(markdownReportParts(wholeRunSource(run, options.grade), options));
}

/** For the other Markdown reports (the comparison): model text escaped as this report escapes it. */
export { cell as markdownCell, text as markdownText };
