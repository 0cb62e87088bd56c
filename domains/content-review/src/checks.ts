/**
 * Structural checks for the content review pack, each derived from one rule of the prompts' Expectation or
 * Narrowing. They catch format drift and plain scope violations for free, before a judge is paid to read the
 * content; whether a finding is right is the judge's question, not theirs.
 */
import { defineCheck } from '@evalpacks/core';
import {
  CATEGORIES,
  CHECKLIST_SECTIONS,
  plainValue,
  READINESS_FORMAT,
  type ReviewFinding,
  readinessLine,
  readReview,
  severityOf,
} from './review-format.ts';
import { rewrittenPassage, voiceRemark } from './scope.ts';
import { suggestionProblem } from './suggestions.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const named = (finding: ReviewFinding) => `finding ${finding.number} "${finding.title}"`;

/** "Code samples" is often written "Code sample" or "Code examples": match on the first word. */
const covers = (itemText: string, section: string) =>
  itemText.toLowerCase().startsWith((section.split(' ')[0] ?? section).toLowerCase());

const sectionChecklist = defineCheck({
  id: 'section-checklist',
  name: 'Section checklist present',
  part: 'expectation',
  run(transcript) {
    const { checklist } = readReview(transcript.answer);
    if (!checklist || checklist.length === 0) {
      return { passed: false, detail: 'no task list (- [x] / - [ ]) under a "Section checklist" heading' };
    }
    const lacking = CHECKLIST_SECTIONS.filter((section) => !checklist.some((item) => covers(item.text, section)));
    if (lacking.length > 0) return { passed: false, detail: `the checklist lacks ${lacking.join(', ')}` };
    const open = CHECKLIST_SECTIONS.filter((section) =>
      checklist.some((item) => covers(item.text, section) && !item.checked),
    );
    const missing = open.length > 0 ? `: ${open.join(', ')}` : '';
    return {
      passed: true,
      detail: `the checklist covers all ${CHECKLIST_SECTIONS.length} sections, ${open.length} marked missing${missing}`,
    };
  },
});

const findingCategories = defineCheck({
  id: 'finding-categories',
  name: 'Findings use the defined categories',
  part: 'expectation',
  run(transcript) {
    const { hasFindingsSection, findings } = readReview(transcript.answer);
    if (!hasFindingsSection) return { passed: false, detail: 'no "## Findings" section' };
    if (findings.length === 0) return { passed: true, detail: 'no findings to categorise' };
    const counts = new Map<string, number>();
    for (const finding of findings) {
      const category = plainValue(finding.fields.category);
      if (!category) return { passed: false, detail: `${named(finding)} has no **Category:** line` };
      if (!(CATEGORIES as readonly string[]).includes(category)) {
        return {
          passed: false,
          detail: `${named(finding)} has category "${category}", not one of ${CATEGORIES.join(', ')}`,
        };
      }
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
    const tally = CATEGORIES.filter((c) => counts.has(c)).map((c) => `${c} ${counts.get(c)}`);
    return { passed: true, detail: `${plural(findings.length, 'finding')}, all categorised: ${tally.join(', ')}` };
  },
});

const actionableSuggestions = defineCheck({
  id: 'actionable-suggestions',
  name: 'Suggestions are actionable',
  part: 'expectation',
  run(transcript) {
    const { findings } = readReview(transcript.answer);
    if (findings.length === 0) return { passed: true, detail: 'no findings, so no suggestions needed' };
    for (const finding of findings) {
      const problem = suggestionProblem(finding.fields.suggestion);
      if (problem) return { passed: false, detail: `${named(finding)}: ${problem}` };
    }
    return {
      passed: true,
      detail: `all ${plural(findings.length, 'suggestion')} name an edit, starting with a verb`,
    };
  },
});

/** A closing line may follow the readiness line by mistake; two lines leave room for that and no more. */
const READINESS_WINDOW = 2;
const BLOCKING: ReadonlySet<string> = new Set(['critical', 'high']);

const readinessAtEnd = defineCheck({
  id: 'readiness-at-end',
  name: 'Readiness assessment at the end',
  part: 'expectation',
  run(transcript) {
    const readiness = readinessLine(transcript.answer);
    if (!readiness) return { passed: false, detail: `no "${READINESS_FORMAT}" line` };
    if (readiness.linesAfter > READINESS_WINDOW) {
      return {
        passed: false,
        detail: `"${readiness.level}" is on line ${readiness.line}, followed by ${plural(readiness.linesAfter, 'line')} (at most ${READINESS_WINDOW})`,
      };
    }
    const blocking = readReview(transcript.answer).findings.find((f) => BLOCKING.has(severityOf(f) ?? ''));
    if (readiness.level === 'ready to publish' && blocking) {
      return {
        passed: false,
        detail: `says "ready to publish" although ${named(blocking)} is ${severityOf(blocking)}`,
      };
    }
    return { passed: true, detail: `ends with "${readiness.level}" on line ${readiness.line}` };
  },
});

const staysInScope = defineCheck({
  id: 'stays-in-scope',
  name: "Stays in scope (leaves the author's voice alone)",
  part: 'narrowing',
  run(transcript) {
    const violation = voiceRemark(readReview(transcript.answer).findings) ?? rewrittenPassage(transcript.answer);
    if (violation) return { passed: false, detail: violation.detail };
    return { passed: true, detail: 'no remarks on voice or tone, no rewritten passages' };
  },
});

export const checks = [sectionChecklist, findingCategories, actionableSuggestions, readinessAtEnd, staysInScope];
