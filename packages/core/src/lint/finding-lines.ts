import type { LintCase, LintProblem } from './lint-problem.ts';

/** The input's lines as a finding counts them: from 1, a final newline ending the last line, not starting one. */
export function inputLines(input: string): string[] {
  return input.replace(/\r?\n$/, '').split(/\r?\n/);
}

/** Every finding's cited lines exist, its quote is on one of them, and it says what is wrong. */
export function findingProblems(cases: readonly LintCase[]): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const { testCase, file, lineOf } of cases) {
    const lines = inputLines(testCase.input);
    testCase.expectedFindings.forEach((finding, i) => {
      const at = (field: string, message: string) =>
        problems.push({
          file,
          line: lineOf(['expectedFindings', i, field]),
          field: `expectedFindings.${i}.${field}`,
          message: `case "${testCase.id}" finding "${finding.id}": ${message}`,
        });
      if (finding.description.trim() === '') {
        at('description', 'the description is blank; say what is wrong and why it matters, for the judge');
      }
      const [first, last] = finding.lines ?? [1, lines.length];
      if (finding.lines && last > lines.length) {
        at('lines', `line ${last} is past the end of the input (${lines.length} lines)`);
        return;
      }
      const quote = finding.quote;
      if (quote === undefined) return;
      if (quote.includes('\n')) {
        at('quote', 'the quote spans lines; quote text from one line');
      } else if (!lines.slice(first - 1, last).some((line) => line.includes(quote))) {
        const where = finding.lines ? `line${first === last ? ` ${first}` : `s ${first}–${last}`}` : 'any line';
        at('quote', `"${quote}" is not on ${where} of the input`);
      }
    });
  }
  return problems;
}
