/**
 * The review format the prompts' Expectation defines, read back by the checks. Prompts and checks must
 * change together: this module is the checks' half of that contract.
 */
import type { Severity } from '@evalpacks/core';
import { outsideFences, type Table, tables } from './markdown.ts';

export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

/**
 * The closing count line, e.g. `**Total: 2 critical, 1 high, 0 medium, 1 low**`. Strict about what carries
 * meaning (all four levels, in scale order, as numbers) and lenient about decoration (bold, case, a final
 * period), since models drop or add emphasis freely and that is not what the Expectation is about.
 */
export const TOTAL_LINE =
  /^\s*(?:\*\*)?\s*total:\s*(\d+)\s+critical,\s*(\d+)\s+high,\s*(\d+)\s+medium,\s*(\d+)\s+low\s*\.?\s*(?:\*\*)?\s*$/i;

export const TOTAL_FORMAT = '**Total: N critical, N high, N medium, N low**';

const SEVERITY_WORD = /\b(critical|high|medium|low)\b/i;
/** `**Severity:** High`, `Severity: critical`, `Severity - low`: a labelled severity in a finding section. */
const SEVERITY_LABEL = /\bseverity\b\W{0,6}(critical|high|medium|low)\b/gi;

/** The findings table: the first table with a Severity or Finding column. */
export function summaryTable(answer: string): Table | undefined {
  return tables(answer).find((table) => table.header.some((cell) => /severity|finding/i.test(cell)));
}

/**
 * The severity levels the review assigns, in scale order. Only labelled places count (the table's Severity
 * column and `Severity:` labels), so "high latency" or "low risk" in prose is not mistaken for a rating,
 * and the Total line, which names all four levels, is not either.
 */
export function severityLabels(answer: string): Severity[] {
  const found = new Set<string>();
  const table = summaryTable(answer);
  const column = table?.header.findIndex((cell) => /severity/i.test(cell)) ?? -1;
  if (table && column >= 0) {
    for (const row of table.rows) {
      const word = SEVERITY_WORD.exec(row[column] ?? '')?.[1];
      if (word) found.add(word.toLowerCase());
    }
  }
  for (const line of outsideFences(answer)) {
    for (const match of line.matchAll(SEVERITY_LABEL)) found.add((match[1] ?? '').toLowerCase());
  }
  return SEVERITIES.filter((level) => found.has(level));
}

/** How many findings the review itself reports: the rows of its summary table. */
export function reportedFindings(answer: string): number {
  return summaryTable(answer)?.rows.length ?? 0;
}

/** The counts of the review's last Total line, in scale order, or undefined when it has none. */
export function totalCounts(answer: string): number[] | undefined {
  const line = answer.split('\n').findLast((candidate) => TOTAL_LINE.test(candidate));
  const match = line === undefined ? null : TOTAL_LINE.exec(line);
  return match ? SEVERITIES.map((_, i) => Number(match[i + 1])) : undefined;
}

/**
 * The sentence a clean review states its verdict in: the Expectation's `No security, performance or
 * reliability issues found.`, or the same said in other words ("no problems were found", "I found no
 * issues"), outside code.
 */
const NO_ISSUES =
  /\bno\b[\w\s,/-]{0,80}?\b(?:issues|problems|findings|vulnerabilities)\b(?:\s+(?:were|was))?\s+(?:found|identified|detected)\b|\b(?:found|identified|detected)\s+no\b[\w\s,/-]{0,80}?\b(?:issues|problems|findings|vulnerabilities)\b/i;

/** The line of prose in which a review says it found nothing, if it does. */
export function noIssuesStatement(answer: string): string | undefined {
  return outsideFences(answer).find((line) => NO_ISSUES.test(line));
}
