import type { RunGrade } from '../grade/grade-schema.ts';
import type { RunResult } from '../schema/result.ts';
import { joinParts, type ReportSource, wholeRunSource } from './report-source.ts';

export interface JsonReportOptions {
  runId?: string;
  /** The run's grade (gradeRun under the run's settings); without it the run is graded under the default policy. */
  grade?: RunGrade;
  /**
   * The store's record of the run beyond the result's own fields (its configuration, prompt hash, epochs,
   * shard): written as `record`, so a results file carries what a merge of shards checks.
   */
  record?: Record<string, unknown>;
}

/** `value` as JSON.stringify(…, null, 2) writes it `depth` levels down: every line after the first indented. */
const nested = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/** Where a result's own text starts and ends in JSON.stringify({ a: [result] }, null, 2). */
const INSIDE = { start: '{\n  "a": [\n    '.length, end: '\n  ]\n}'.length };

/**
 * A case result as `nested(result, 2)` writes it, made by JSON.stringify at that depth itself: one pass
 * over a result of kilobytes instead of two (the results are most of a large report's text).
 */
function resultText(result: unknown): string {
  const text = JSON.stringify({ a: [result] }, null, 2);
  return text.slice(INSIDE.start, text.length - INSIDE.end);
}

/**
 * The report as parts whose text is exactly `JSON.stringify(report, null, 2)`, with the cases written one
 * result at a time from the source.
 */
export function* jsonReportParts(
  source: ReportSource,
  options: Omit<JsonReportOptions, 'grade'> = {},
): Generator<string> {
  const { run } = source;
  const { passed, exitCode, policy, caseCounts, passRate, gate, notStarted, cases, figures, corrected } = source.grade;
  // The cases that passed their checks with judged items not judged, so a reader of `cases` (whose status
  // says passed) can tell them from real passes.
  const structuralOnlyCases = cases.filter((tally) => tally.status === 'structural-only').map((t) => t.case.id);
  const grade = {
    passed,
    exitCode,
    policy,
    cases: caseCounts,
    passRate,
    ...(gate && { gate }),
    notStarted,
    structuralOnlyCases,
    // pass@1 and pass^k with --repeat k >= 2 (and whether the pack makes pass^k its headline).
    ...(figures.perCase.passK && { passK: figures.perCase.passK }),
    ...(source.grade.headline && { headline: source.grade.headline }),
    // The judge-corrected rates with the labels behind them (and the labels of other judges, named).
    ...(corrected && { corrected }),
  };
  const report = {
    ...(options.runId ? { runId: options.runId } : {}),
    ...(options.record && { record: options.record }),
    summary: figures.totals,
    grade,
    pack: run.pack,
    variant: run.variant,
    agent: run.agent,
    judge: run.judge,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    cases: [],
    notStarted: run.notStarted,
  };
  // JSON.stringify leaves out properties whose value is undefined.
  const entries = Object.entries(report).filter(([, value]) => value !== undefined);
  yield '{\n';
  for (const [index, [key, value]] of entries.entries()) {
    yield `  ${JSON.stringify(key)}: `;
    if (key !== 'cases') yield nested(value, 1);
    else {
      let first = true;
      for (const result of source.results()) {
        yield `${first ? '[\n' : ',\n'}    ${resultText(result)}`;
        first = false;
      }
      yield first ? '[]' : '\n  ]';
    }
    yield index < entries.length - 1 ? ',\n' : '\n';
  }
  yield '}\n';
}

/**
 * The full run result as JSON (it parses back with RunResultSchema), with its summary, its grade (the
 * pass/fail decision the console and the exit code rest on), its store id and, when given, its record.
 * Each case keeps its stored status; the grade names the structural-only ones (see CaseStanding).
 */
export function jsonReport(run: RunResult, options: JsonReportOptions = {}): string {
  return joinParts(jsonReportParts(wholeRunSource(run, options.grade), options));
}
