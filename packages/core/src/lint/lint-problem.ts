import type { Case } from '../schema/case.ts';

/** One thing pack lint found: where (file, line when it has one), which field, and what is wrong. */
export interface LintProblem {
  file: string;
  line?: number;
  field: string;
  message: string;
}

/** A case as lint reads it: its file, and the line of any of its fields there. */
export interface LintCase {
  testCase: Case;
  file: string;
  lineOf(path: PropertyKey[]): number;
}

const LOCATED = /^(?:(.+?\.(?:ya?ml|jsonl?))(?::(\d+))?: )?(?:field "([^"]+)": )?([\s\S]*)$/;

/** A loader's message ("file:line: field "x": what") as a problem; what it does not say comes from the defaults. */
export function problemFromMessage(message: string, file: string, field: string): LintProblem {
  const [, named, line, namedField, rest] = LOCATED.exec(message) ?? [];
  return {
    file: named ?? file,
    ...(line !== undefined && { line: Number(line) }),
    field: namedField ?? field,
    message: rest ?? message,
  };
}

/** `file:line field: message`, as pnpm lint-pack prints it. */
export function formatLintProblem(problem: LintProblem, path: (file: string) => string = (file) => file): string {
  const where = problem.line === undefined ? path(problem.file) : `${path(problem.file)}:${problem.line}`;
  return `${where} ${problem.field}: ${problem.message}`;
}
