import type { RunResult } from '../schema/result.ts';
import { caseCounts, caseLabel, epochsOf, verdictLines } from './case-details.ts';
import { suggestionsFor } from './suggestions.ts';
import { summarizeRun } from './summary.ts';

export interface MarkdownReportOptions {
  runId?: string;
}

const ICON = { passed: '✅', failed: '❌', error: '⚠️' } as const;

/** A table cell: pipes escaped, line breaks as <br>, so a reason never breaks the table. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** Markdown for a CI job summary (GitHub's $GITHUB_STEP_SUMMARY and the like): counts, a row per case, the why. */
export function markdownReport(run: RunResult, options: MarkdownReportOptions = {}): string {
  const s = summarizeRun(run);
  const epochs = epochsOf(run.cases);
  const out: string[] = [];
  out.push(`## evalpacks · ${run.pack} · ${run.variant}`, '');
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
    for (const line of verdictLines(result)) out.push(`- ${line.replace(/\r?\n/g, ' ')}`);
    out.push('', '</details>', '');
  }
  const suggestions = suggestionsFor(run);
  if (suggestions.length > 0) {
    out.push('### Suggestions', '');
    for (const suggestion of suggestions)
      out.push(`- **${suggestion.target}** ${suggestion.caseId}: ${suggestion.text}`);
    out.push('');
  }
  return out.join('\n');
}
