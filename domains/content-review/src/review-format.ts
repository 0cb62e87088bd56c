/**
 * The review format the prompts' Expectation defines, read back by the checks. Prompts and checks change
 * together: this module is the checks' half of that contract. Markdown is read with `marked`'s lexer, so
 * headings, task lists, quotes and code blocks are what CommonMark says they are.
 */
import type { Severity } from '@evalpacks/core';
import { marked, type Token, type Tokens } from 'marked';

export const CATEGORIES = ['completeness', 'structure', 'accuracy', 'clarity'] as const;
export const READINESS_LEVELS = ['ready to publish', 'needs minor revisions', 'needs major revisions'] as const;
export type Readiness = (typeof READINESS_LEVELS)[number];
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

const FIELDS = ['category', 'severity', 'where', 'problem', 'suggestion'] as const;
export type FindingField = (typeof FIELDS)[number];

export interface ChecklistItem {
  text: string;
  checked: boolean;
}

export interface ReviewFinding {
  /** 1-based position under `## Findings`. */
  number: number;
  title: string;
  fields: Partial<Record<FindingField, string>>;
}

export interface Review {
  /** The task list under the checklist heading; undefined when there is none. */
  checklist?: ChecklistItem[];
  /** Whether the review has a `## Findings` heading at all. */
  hasFindingsSection: boolean;
  findings: ReviewFinding[];
  /** What stands under `## Findings` outside any finding's own heading (where `No findings.` goes). */
  findingsPreamble: string;
}

/**
 * `**Category:** accuracy`, `- **Severity**: high`, `Suggestion: ...`: a labelled line of a finding. Lenient
 * about emphasis and list markers, which models add or drop freely; strict about the label itself.
 */
const FIELD_LINE = new RegExp(
  `^\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?(${FIELDS.join('|')})(?:\\*\\*|__)?\\s*:\\s*(?:\\*\\*|__)?\\s*(.*)$`,
  'i',
);

/** Reads the labelled lines of one finding; a line without a label continues the field above it. */
function readFields(text: string): ReviewFinding['fields'] {
  const fields: ReviewFinding['fields'] = {};
  let last: FindingField | undefined;
  for (const line of text.split('\n')) {
    const match = FIELD_LINE.exec(line);
    if (match) {
      last = (match[1] ?? '').toLowerCase() as FindingField;
      fields[last] = (match[2] ?? '').trim();
    } else if (line.trim() === '') {
      last = undefined;
    } else if (last) {
      fields[last] = `${fields[last]} ${line.trim()}`.trim();
    }
  }
  return fields;
}

/** Splits the review into its checklist and its findings, ignoring code blocks. */
export function readReview(answer: string): Review {
  const review: Review = { hasFindingsSection: false, findings: [], findingsPreamble: '' };
  let section = '';
  let afterChecklistHeading = false;
  let current: { title: string; text: string } | undefined;
  const close = () => {
    if (current) {
      review.findings.push({
        number: review.findings.length + 1,
        title: current.title,
        fields: readFields(current.text),
      });
    }
    current = undefined;
  };
  for (const token of marked.lexer(answer)) {
    if (token.type === 'heading') {
      const { depth, text } = token as Tokens.Heading;
      afterChecklistHeading = /checklist/i.test(text);
      if (depth <= 2) {
        close();
        section = text.trim().toLowerCase();
        if (section === 'findings') review.hasFindingsSection = true;
      } else if (section === 'findings') {
        close();
        current = { title: text.replace(/^\d+[.)]\s*/, '').trim(), text: '' };
      }
      continue;
    }
    if (afterChecklistHeading && token.type === 'list' && review.checklist === undefined) {
      const items = (token as Tokens.List).items.filter((item) => item.task);
      review.checklist = items.map((item) => ({ text: item.text.trim(), checked: Boolean(item.checked) }));
    }
    if (current && token.type !== 'code') current.text += token.raw;
    else if (!current && section === 'findings' && token.type !== 'code') review.findingsPreamble += token.raw;
  }
  close();
  return review;
}

/** `No findings.` as the Expectation asks for it, emphasis and case aside. */
const NO_FINDINGS = /^\s*(?:\*\*|__|\*|_)?no findings\.?(?:\*\*|__|\*|_)?\.?\s*$/im;

/** Whether the text under `## Findings` says `No findings.` on a line of its own. */
export function statesNoFindings(review: Review): boolean {
  return NO_FINDINGS.test(review.findingsPreamble);
}

/** Labelled finding lines (`**Severity:** low`) written without a `### N.` heading of their own. */
export function unheadedFindingLines(review: Review): string[] {
  return review.findingsPreamble.split('\n').filter((line) => FIELD_LINE.test(line));
}

/** A value as the model wrote it, without emphasis or code ticks: `**High**` → `high`. */
export function plainValue(value: string | undefined): string {
  return (value ?? '').replace(/[*_`]/g, '').trim().toLowerCase();
}

/** The severity a finding gives itself, when it is one of the four levels. */
export function severityOf(finding: ReviewFinding): Severity | undefined {
  const word = plainValue(finding.fields.severity).split(/\s+/)[0] as Severity;
  return SEVERITIES.includes(word) ? word : undefined;
}

/** `**Readiness:** needs major revisions — ...`, decoration optional. */
const READINESS_LINE = new RegExp(
  `^\\s*(?:\\*\\*|__)?readiness(?:\\*\\*|__)?\\s*:\\s*(?:\\*\\*|__)?\\s*(${READINESS_LEVELS.join('|')})\\b`,
  'i',
);
export const READINESS_FORMAT = `**Readiness:** ${READINESS_LEVELS.join(' | ')} — <why>`;

export interface ReadinessLine {
  level: Readiness;
  /** 1-based line of the answer, and how many non-blank lines follow it. */
  line: number;
  linesAfter: number;
}

export function readinessLine(answer: string): ReadinessLine | undefined {
  const lines = answer.trimEnd().split('\n');
  const index = lines.findLastIndex((line) => READINESS_LINE.test(line));
  if (index < 0) return undefined;
  const level = (READINESS_LINE.exec(lines[index] ?? '')?.[1] ?? '').toLowerCase() as Readiness;
  const linesAfter = lines.slice(index + 1).filter((line) => line.trim() !== '').length;
  return { level, line: index + 1, linesAfter };
}

/** Every token of the review, nested ones included (quotes inside list items, say). */
export function allTokens(answer: string): Token[] {
  const tokens: Token[] = [];
  marked.walkTokens(marked.lexer(answer), (token) => {
    tokens.push(token);
  });
  return tokens;
}
