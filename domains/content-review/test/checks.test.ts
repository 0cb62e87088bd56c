import { describe, expect, it } from 'vitest';
import { checks } from '../src/checks.ts';
import { caseWith, runCheck, sampleReview } from './support.ts';

const incomplete = sampleReview('incomplete-tutorial');
const factual = sampleReview('factual-error');
const clean = sampleReview('well-written');
const vague = sampleReview('bad/vague-suggestions');

const finding = (fields: string) => `## Findings\n\n### 1. Flags\n${fields}\n`;

describe('content review checks', () => {
  it('are six, each tagged with the RISEN part it enforces', () => {
    expect(checks.map((check) => [check.id, check.part])).toEqual([
      ['section-checklist', 'expectation'],
      ['finding-categories', 'expectation'],
      ['actionable-suggestions', 'expectation'],
      ['readiness-at-end', 'expectation'],
      ['stays-in-scope', 'narrowing'],
      ['no-invented-findings', 'narrowing'],
    ]);
  });
});

describe('section-checklist', () => {
  const tutorial = caseWith({ tags: ['tutorial'] });
  const apiGuide = caseWith({ tags: ['api-guide', 'node'] });
  const apiChecklist = [
    '## Section checklist',
    '- [x] Introduction: what the API is for',
    '- [x] Prerequisites: Node.js 20',
    '- [ ] Reference: the options have no defaults',
    '- [x] Code samples: two',
    '- [ ] Errors: missing',
  ].join('\n');

  it('passes a complete checklist for the genre the case names, naming the sections marked missing', () => {
    expect(runCheck('section-checklist', incomplete, tutorial)).toEqual({
      passed: true,
      detail:
        'the checklist covers all 6 tutorial sections, 3 marked missing: Prerequisites, Troubleshooting, Conclusion',
    });
    expect(runCheck('section-checklist', apiChecklist, apiGuide)).toEqual({
      passed: true,
      detail: 'the checklist covers all 5 API guide sections, 2 marked missing: Reference, Errors',
    });
  });

  it("fails a tutorial's checklist on an API guide, naming the sections it lacks", () => {
    expect(runCheck('section-checklist', clean, apiGuide)).toEqual({
      passed: false,
      detail: 'the API guide checklist lacks Reference, Errors',
    });
  });

  it("accepts any genre's full list on a case that names no genre, and says which it read", () => {
    expect(runCheck('section-checklist', clean).detail).toBe(
      'the checklist covers all 6 tutorial sections, 0 marked missing',
    );
    expect(runCheck('section-checklist', apiChecklist).detail).toBe(
      'the checklist covers all 5 API guide sections, 2 marked missing: Reference, Errors',
    );
  });

  it.each([
    ['"Code sample" or "Code examples" for Code samples', clean.replace('Code samples:', 'Code examples:'), tutorial],
    [
      '"Tradeoffs" for Trade-offs',
      '## Section checklist\n- [x] Introduction\n- [x] Explanation\n- [x] Examples\n- [x] Tradeoffs\n- [x] Conclusion',
      caseWith({ tags: ['explainer'] }),
    ],
  ])('accepts %s', (_, answer, testCase) => {
    expect(runCheck('section-checklist', answer, testCase).passed).toBe(true);
  });

  it('does not take "Breaking changes" for Changes, or "Upgrade steps" for Steps', () => {
    const notes = caseWith({ tags: ['release-notes'] });
    const answer = '## Section checklist\n- [x] Summary\n- [x] Breaking changes: none\n- [x] Upgrade steps';
    expect(runCheck('section-checklist', answer, notes)).toEqual({
      passed: false,
      detail: 'the release notes checklist lacks Changes',
    });
    expect(runCheck('section-checklist', answer, tutorial).detail).toBe(
      'the tutorial checklist lacks Introduction, Prerequisites, Steps, Code samples, Troubleshooting, Conclusion',
    );
  });

  it('fails a checklist that leaves sections out, naming them', () => {
    const answer = incomplete.replace(/- \[ \] Troubleshooting.*\n/, '').replace(/- \[ \] Conclusion.*\n/, '');
    expect(runCheck('section-checklist', answer, tutorial)).toEqual({
      passed: false,
      detail: 'the tutorial checklist lacks Troubleshooting, Conclusion',
    });
  });

  it.each([
    ['sections as plain bullets', incomplete.replace(/- \[[ x]\] /g, '- ')],
    ['no checklist heading', incomplete.replace('## Section checklist', '## Overview')],
    ['a checklist quoted in a code block', `\`\`\`md\n## Section checklist\n- [x] Introduction\n\`\`\``],
  ])('fails %s', (_, answer) => {
    expect(runCheck('section-checklist', answer)).toEqual({
      passed: false,
      detail: 'no task list (- [x] / - [ ]) under a "Section checklist" heading',
    });
  });
});

describe('finding-categories', () => {
  it('passes findings in the defined categories and counts them', () => {
    expect(runCheck('finding-categories', incomplete)).toEqual({
      passed: true,
      detail: '5 findings, all categorised: completeness 3, structure 1, accuracy 1',
    });
  });

  it('passes a clean review with no findings under the heading', () => {
    expect(runCheck('finding-categories', clean)).toEqual({ passed: true, detail: 'no findings to categorise' });
  });

  it('reads categories with other emphasis and list markers', () => {
    expect(runCheck('finding-categories', finding('- **Category**: `Accuracy`')).detail).toBe(
      '1 finding, all categorised: accuracy 1',
    );
  });

  it('fails a category outside the defined four', () => {
    expect(runCheck('finding-categories', finding('**Category:** style'))).toEqual({
      passed: false,
      detail: 'finding 1 "Flags" has category "style", not one of completeness, structure, accuracy, clarity',
    });
  });

  it('fails a finding without a category', () => {
    expect(runCheck('finding-categories', finding('**Severity:** low'))).toEqual({
      passed: false,
      detail: 'finding 1 "Flags" has no **Category:** line',
    });
  });

  it('fails a review without a Findings section', () => {
    expect(runCheck('finding-categories', clean.replace('## Findings', '## Notes'))).toEqual({
      passed: false,
      detail: 'no "## Findings" section',
    });
  });
});

describe('actionable-suggestions', () => {
  it('passes suggestions that start with an edit verb and say what and where', () => {
    expect(runCheck('actionable-suggestions', incomplete)).toEqual({
      passed: true,
      detail: 'all 5 suggestions name an edit, starting with a verb',
    });
    expect(runCheck('actionable-suggestions', clean).detail).toBe('no findings, so no suggestions needed');
  });

  it('fails a hedge that names no edit, quoting it', () => {
    expect(runCheck('actionable-suggestions', vague)).toEqual({
      passed: false,
      detail:
        'finding 1 "Missing prerequisites": suggestion "Consider improving the introduction so readers know what th…" ' +
        'does not start with an edit verb (Add, Explain, Replace, Correct, ...)',
    });
  });

  it('fails an edit too short to say what and where', () => {
    const answer = vague.replace(
      /\*\*Suggestion:\*\* Consider.*/,
      '**Suggestion:** Add a prerequisites list after the intro.',
    );
    expect(runCheck('actionable-suggestions', answer)).toEqual({
      passed: false,
      detail: 'finding 2 "Flags": suggestion "Explain the flags." is 3 words; say what to change and where',
    });
  });

  it('fails a finding without a suggestion and reads one that wraps onto the next line', () => {
    expect(runCheck('actionable-suggestions', finding('**Problem:** unexplained'))).toEqual({
      passed: false,
      detail: 'finding 1 "Flags": no **Suggestion:** line',
    });
    expect(
      runCheck('actionable-suggestions', finding('**Suggestion:** Explain\n`-p` and `-v` under the command')).passed,
    ).toBe(true);
  });
});

describe('readiness-at-end', () => {
  it('passes the readiness line that closes the review', () => {
    expect(runCheck('readiness-at-end', incomplete)).toEqual({
      passed: true,
      detail: 'ends with "needs major revisions" on line 47',
    });
    expect(runCheck('readiness-at-end', clean).detail).toBe('ends with "ready to publish" on line 14');
  });

  it('tolerates other emphasis and case, and a short sign-off', () => {
    expect(runCheck('readiness-at-end', 'Readiness: Needs minor revisions.\n\nThanks!').passed).toBe(true);
  });

  it('fails a review without a readiness line', () => {
    expect(runCheck('readiness-at-end', incomplete.replace(/\*\*Readiness:\*\*.*/, 'Fix these first.'))).toEqual({
      passed: false,
      detail: 'no "**Readiness:** ready to publish | needs minor revisions | needs major revisions — <why>" line',
    });
  });

  it('fails a readiness line that does not close the review', () => {
    const answer = `**Readiness:** needs minor revisions — two gaps.\n\n${vague.replace(/\*\*Readiness:\*\*.*/, '')}`;
    expect(runCheck('readiness-at-end', answer)).toEqual({
      passed: false,
      detail: '"needs minor revisions" is on line 1, followed by 21 lines (at most 2)',
    });
  });

  it('fails "ready to publish" next to a critical or high finding', () => {
    const answer = factual.replace('needs major revisions', 'ready to publish');
    expect(runCheck('readiness-at-end', answer)).toEqual({
      passed: false,
      detail:
        'says "ready to publish" although finding 1 "The default sort does not order numbers numerically" is critical',
    });
  });
});
