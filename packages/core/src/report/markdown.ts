import type { RunResult } from '../schema/result.ts';
import { caseCounts, caseLabel, epochsOf, verdictLines } from './case-details.ts';
import { suggestionsFor } from './suggestions.ts';
import { summarizeRun } from './summary.ts';
import { visible } from './visible.ts';

export interface MarkdownReportOptions {
  runId?: string;
}

const ICON = { passed: '✅', failed: '❌', error: '⚠️' } as const;

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

/** Markdown for a CI job summary (GitHub's $GITHUB_STEP_SUMMARY and the like): counts, a row per case, the why. */
export function markdownReport(run: RunResult, options: MarkdownReportOptions = {}): string {
  const s = summarizeRun(run);
  const epochs = epochsOf(run.cases);
  const out: string[] = [];
  out.push(`## evalpacks · ${text(run.pack)} · ${text(run.variant)}`, '');
  const judge = run.judge ? code(`${run.judge.backend} ${run.judge.model}`) : 'none (structural only)';
  out.push(
    `**${s.cases.passed}/${s.cases.total} cases passed** · agent ${code(`${run.agent.backend} ${run.agent.model}`)} · ` +
      `judge ${judge}${options.runId ? ` · run ${options.runId}` : ''}`,
    '',
  );
  out.push('| | case | structural | findings | false positives | reasons |', '|---|---|---|---|---|---|');
  for (const result of run.cases) {
    const counts = caseCounts(result);
    const ratio = (t: { passed: number; total: number }) => (t.total > 0 ? `${t.passed}/${t.total}` : '–');
    out.push(
      `| ${ICON[result.status]} | ${cell(caseLabel(result, epochs))} | ${ratio(counts.structural)} | ` +
        `${ratio(counts.findings)} | ${counts.falsePositives} | ${cell(result.reasons.join('\n'))} |`,
    );
  }
  out.push('');
  out.push(
    `Structural ${s.structural.passed}/${s.structural.total} checks passed · findings ${s.findings.passed}/` +
      `${s.findings.judged} caught (${s.findings.total - s.findings.judged} not judged) · ${s.falsePositives} false positives · ${s.judgeErrors} judge errors · ` +
      `tokens: agent ${s.agentTokens.input} in / ${s.agentTokens.output} out, judge ${s.judgeTokens.input} in / ` +
      `${s.judgeTokens.output} out`,
    '',
  );
  for (const result of run.cases) {
    if (result.status === 'passed' || result.verdicts.length === 0) continue;
    out.push(`<details><summary>${cell(caseLabel(result, epochs))}: judge reasoning</summary>`, '');
    for (const line of verdictLines(result)) out.push(`- ${text(line).replace(/\r?\n/g, ' ')}`);
    out.push('', '</details>', '');
  }
  const suggestions = suggestionsFor(run);
  if (suggestions.length > 0) {
    out.push('### Suggestions', '');
    for (const suggestion of suggestions)
      out.push(
        `- **${suggestion.target}** ${text(suggestion.caseId)}: ${text(suggestion.text).replace(/\r?\n/g, ' ')}`,
      );
    out.push('');
  }
  return out.join('\n');
}
