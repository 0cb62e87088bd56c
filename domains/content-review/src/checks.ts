/**
 * Structural checks for the content review pack, each derived from one rule of the prompts' Expectation or
 * Narrowing. They catch format drift and plain scope violations for free, before a judge is paid to read the
 * content; whether a finding is right is the judge's question, not theirs.
 */
import { type Case, defineCheck } from '@evalpacks/core';
import { GENRE_IDS, GENRES, type Genre, genreOf } from './genres.ts';
import {
  CATEGORIES,
  type ChecklistItem,
  plainValue,
  READINESS_FORMAT,
  type ReviewFinding,
  readinessLine,
  readReview,
  severityOf,
  statesNoFindings,
  unheadedFindingLines,
} from './review-format.ts';
import { rewrittenPassage, voiceRemark } from './scope.ts';
import { suggestionProblem } from './suggestions.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const named = (finding: ReviewFinding) => `finding ${finding.number} "${finding.title}"`;

/** Letters only, lowercase: "Trade-offs" and "Tradeoffs" are one word. */
const letters = (word: string) => word.toLowerCase().replace(/[^a-z]/g, '');
/** "Code samples" is often written "Code sample" or "Code examples": match on the first word. */
const covers = (itemText: string, section: string) =>
  letters(itemText.split(/\s+/)[0] ?? '') === letters(section.split(' ')[0] ?? section) ||
  letters(itemText).startsWith(letters(section));

const lackingIn = (checklist: readonly ChecklistItem[], genre: Genre) =>
  GENRES[genre].sections.filter((section) => !checklist.some((item) => covers(item.text, section)));

/** The genre whose list the checklist follows most closely; the first genre wins a tie. */
const closestGenre = (checklist: readonly ChecklistItem[]): Genre =>
  GENRE_IDS.reduce((best, genre) =>
    lackingIn(checklist, genre).length < lackingIn(checklist, best).length ? genre : best,
  );

/**
 * The checklist names the sections a reader of the draft's genre needs, as the Expectation lists them. The
 * case's tags say the genre; a case that names none accepts the list of whichever genre the review chose.
 */
const sectionChecklist = defineCheck({
  id: 'section-checklist',
  name: "Section checklist for the draft's genre",
  part: 'expectation',
  run(transcript, testCase: Case) {
    const { checklist } = readReview(transcript.answer);
    if (!checklist || checklist.length === 0) {
      return { passed: false, detail: 'no task list (- [x] / - [ ]) under a "Section checklist" heading' };
    }
    const genre = genreOf(testCase) ?? closestGenre(checklist);
    const { name, sections } = GENRES[genre];
    const lacking = lackingIn(checklist, genre);
    if (lacking.length > 0) {
      return { passed: false, detail: `the ${name} checklist lacks ${lacking.join(', ')}` };
    }
    const open = sections.filter((section) => checklist.some((item) => covers(item.text, section) && !item.checked));
    const missing = open.length > 0 ? `: ${open.join(', ')}` : '';
    return {
      passed: true,
      detail: `the checklist covers all ${sections.length} ${name} sections, ${open.length} marked missing${missing}`,
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

const QUOTE_LENGTH = 60;
const shorten = (text: string) => (text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text);

/**
 * The zero-findings rule of a clean case (the Narrowing's "Do not invent problems"): a draft with nothing to
 * fix gets `No findings.` and "ready to publish". Any finding there is invented, however low it is rated;
 * on a case that expects findings the rule has nothing to say.
 */
const noInventedFindings = defineCheck({
  id: 'no-invented-findings',
  name: 'Does not invent problems',
  part: 'narrowing',
  run(transcript, testCase: Case) {
    const expected = testCase.expectedFindings.length;
    if (expected > 0) return { passed: true, detail: `not a clean draft: ${plural(expected, 'finding')} expected` };
    const review = readReview(transcript.answer);
    const first = review.findings[0];
    if (first) {
      return {
        passed: false,
        detail: `reports ${plural(review.findings.length, 'finding')} on a draft with none, first: "${shorten(first.title)}"`,
      };
    }
    const unheaded = unheadedFindingLines(review)[0];
    if (unheaded)
      return { passed: false, detail: `reports a finding on a draft with none: "${shorten(unheaded.trim())}"` };
    if (!statesNoFindings(review)) {
      return { passed: false, detail: 'reports no findings but never writes "No findings." under "## Findings"' };
    }
    const readiness = readinessLine(transcript.answer);
    if (readiness?.level !== 'ready to publish') {
      return {
        passed: false,
        detail: `writes "No findings." but rates the draft "${readiness?.level ?? 'nothing'}", not "ready to publish"`,
      };
    }
    return { passed: true, detail: 'writes "No findings." and "ready to publish"' };
  },
});

export const checks = [
  sectionChecklist,
  findingCategories,
  actionableSuggestions,
  readinessAtEnd,
  staysInScope,
  noInventedFindings,
];
