import type { RunGrade } from '../grade/grade-schema.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';
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

/** Where a value's own text starts and ends in JSON.stringify({ a: [value] }, null, 2): two levels down. */
const INSIDE = { start: '{\n  "a": [\n    '.length, end: '\n  ]\n}'.length };

/** Where a value's own text starts and ends in JSON.stringify({ a: [{ b: value }] }, null, 2): three levels down. */
const INSIDE_RESULT = { start: '{\n  "a": [\n    {\n      "b": '.length, end: '\n    }\n  ]\n}'.length };

/** How the text of a result (two levels down) opens: its first key follows. */
const RESULT_OPEN = '{\n      ';

/**
 * The text of a result's case three levels down (as a result's "case" is written), made by JSON.stringify at
 * that depth itself: one pass instead of stringify then re-indent.
 */
function caseText(testCase: unknown): string {
  const text = JSON.stringify({ a: [{ b: testCase }] }, null, 2);
  return text.slice(INSIDE_RESULT.start, text.length - INSIDE_RESULT.end);
}

/**
 * Makes each case result's text as `nested(result, 2)` writes it. A result's case is written as the
 * text made for the previous result when both hold the same case object, which the store's read-back gives
 * every epoch of a case: a case is commonly half a result's bytes, and an epoch's copy of it cost a third of
 * a large results.json's JSON.stringify. The rest of a result is stringified at its depth in one pass.
 */
function resultWriter(): (result: CaseResult) => string {
  let lastCase: unknown;
  let lastCaseText = '';
  return (result) => {
    // The case goes first only where it is the result's first key (as a result read from the store has it).
    let first: string | undefined;
    for (const key in result) {
      first = key;
      break;
    }
    if (first !== 'case' || result.case === undefined) return valueText(result);
    const { case: testCase, ...rest } = result;
    if (testCase !== lastCase) {
      lastCase = testCase;
      lastCaseText = caseText(testCase);
    }
    const restText = valueText(rest);
    const head = `${RESULT_OPEN}"case": ${lastCaseText}`;
    return restText === '{}' ? `${head}\n    }` : `${head},\n      ${restText.slice(RESULT_OPEN.length)}`;
  };
}

/** `value` as `nested(value, 2)` writes it, made by JSON.stringify at that depth itself. */
function valueText(value: unknown): string {
  const text = JSON.stringify({ a: [value] }, null, 2);
  return text.slice(INSIDE.start, text.length - INSIDE.end);
}

/**
 * A case result's text in results.json (two levels down, as `cases` holds it), as jsonReportParts writes
 * it: what a store keeps beside each result so a report copies it instead of reading the result back.
 */
export function resultJsonText(result: CaseResult): string {
  return valueText(result);
}

/**
 * The report as parts whose text is exactly `JSON.stringify(report, null, 2)`, with the cases written one
 * result at a time from the source: each result's text as the source keeps it (resultTexts, UTF-8 bytes
 * of resultJsonText) when it keeps them, else made from its results.
 */
export function* jsonReportParts(
  source: ReportSource,
  options: Omit<JsonReportOptions, 'grade'> = {},
): Generator<string | Uint8Array> {
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
    user: run.user,
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
      if (source.resultTexts) {
        for (const text of source.resultTexts()) {
          yield first ? '[\n    ' : ',\n    ';
          yield text;
          first = false;
        }
      } else {
        const resultText = resultWriter();
        for (const result of source.results()) {
          yield `${first ? '[\n' : ',\n'}    ${resultText(result)}`;
          first = false;
        }
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
