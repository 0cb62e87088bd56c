import { resultStanding, STRUCTURAL_ONLY } from '../grade/case-standing.ts';
import type { CaseTally, RunGrade } from '../grade/grade-schema.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';
import { caseLabel, verdictLines } from './case-details.ts';
import { correctedLines } from './corrected-rows.ts';
import { itemCount, itemTitle } from './item-words.ts';
import { joinParts, type ReportSource, wholeRunSource } from './report-source.ts';
import { itemsNotJudged } from './standing-words.ts';
import { passKRows } from './summary-block.ts';
import { attrs, xmlText } from './xml.ts';

export interface JunitReportOptions {
  /** The run's id in the store, recorded as a property. */
  runId?: string;
  hostname?: string;
  /** The run's grade, whose case tallies say which items flipped; without it the run is graded here. */
  grade?: RunGrade;
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** ISO 8601 without zone or fraction, the form the Ant/Jenkins JUnit schema's timestamp pattern accepts. */
const timestamp = (iso: string) => iso.slice(0, 19);

/** The time a case took: its agent answer plus its judge calls. */
function caseMs(result: CaseResult): number {
  return result.transcript.latencyMs + result.verdicts.reduce((sum, verdict) => sum + verdict.latencyMs, 0);
}

/** The failure body: every reason, the judge's reasoning on every item, then the answer. */
function details(result: CaseResult): string {
  const lines = [...result.reasons];
  const verdicts = verdictLines(result);
  if (verdicts.length > 0) lines.push('', 'judge:', ...verdicts.map((line) => `  ${line}`));
  const answer = result.transcript.answer.trim();
  lines.push(
    '',
    `answer${result.transcript.sample ? ' (hand-written sample)' : ''}:`,
    answer.slice(0, 4000) || '(empty)',
  );
  return lines.join('\n');
}

/**
 * Every item that passed in some epochs and failed in others, as "subtle-issues finding x: caught 2/3".
 * Whether an item flipped does not depend on the repeat policy, so the tallies of any policy will do.
 */
function flakyItems(tallies: readonly CaseTally[]): { caseId: string; line: string }[] {
  return tallies.flatMap((tally) =>
    tally.items
      .filter((item) => item.flaky)
      .map((item) => ({ caseId: tally.case.id, line: `${tally.case.id} ${itemTitle(item)}: ${itemCount(item)}` })),
  );
}

/** Each structural-only case (under the grade) as "unjudged: 3 judged items not judged". */
function structuralOnlyCases(tallies: readonly CaseTally[]): string[] {
  return tallies
    .filter((tally) => tally.status === 'structural-only')
    .map((tally) => `${tally.case.id}: ${itemsNotJudged(tally.notJudged)}`);
}

function testcase(result: CaseResult, epochs: number, classname: string, flaky: boolean): string {
  // Ant's schema allows nothing but an error or a failure inside a testcase, so the name carries the marks:
  // a structural-only result is no failure (nothing failed) and must not read as a plain pass.
  const structuralOnly = resultStanding(result) === 'structural-only';
  const name = `${caseLabel(result, epochs)}${flaky ? ' [flaky]' : ''}${structuralOnly ? ` [${STRUCTURAL_ONLY}]` : ''}`;
  const head = `    <testcase${attrs({ name, classname, time: seconds(caseMs(result)) })}`;
  if (result.status === 'passed') return `${head}/>`;
  const first = result.reasons[0] ?? result.status;
  const message = result.reasons.length > 1 ? `${first} (and ${result.reasons.length - 1} more)` : first;
  // A judge or agent error is the harness failing to evaluate, not the agent failing the case.
  const element = result.status === 'error' ? 'error' : 'failure';
  const type = result.status === 'error' ? (result.transcript.error ? 'agent-error' : 'judge-error') : 'eval-failure';
  return `${head}>\n      <${element}${attrs({ message, type })}>${xmlText(details(result))}</${element}>\n    </testcase>`;
}

/** The JUnit report as parts (see junitReport), its testcases written one result at a time from the source. */
export function* junitReportParts(
  source: ReportSource,
  options: Omit<JunitReportOptions, 'grade'> = {},
): Generator<string> {
  const { run, grade } = source;
  const epochs = Math.max(1, grade.epochs);
  const classname = `${run.pack}.${run.variant}`;
  const { failed: failures, errors, total: tests } = grade.resultCounts;
  const time = seconds(Date.parse(run.finishedAt) - Date.parse(run.startedAt));
  const counts = { tests, failures, errors, time };
  const properties: Record<string, string | undefined> = {
    pack: run.pack,
    variant: run.variant,
    agent: `${run.agent.backend} ${run.agent.model}`,
    judge: run.judge ? `${run.judge.backend} ${run.judge.model}` : 'none',
    epochs: String(epochs),
    run: options.runId,
    ...correctedProperties(grade),
    ...Object.fromEntries(passKRows(grade)),
  };
  const suite = attrs({
    name: classname,
    package: `evalpacks.${run.pack}`,
    id: 0,
    timestamp: timestamp(run.startedAt),
    hostname: options.hostname ?? 'localhost',
    ...counts,
  });
  const tallies = grade.cases;
  const flakyFound = flakyItems(tallies);
  const flaky = flakyFound.map((item) => item.line);
  const flakyCases = new Set(flakyFound.map((item) => item.caseId));
  const unjudged = structuralOnlyCases(tallies);
  const sections = [
    flaky.length > 0 ? ['Flaky (passed in some epochs, failed in others)', ...flaky.map((line) => `  ${line}`)] : [],
    unjudged.length > 0
      ? ['Structural only (checks passed, judged items not judged)', ...unjudged.map((line) => `  ${line}`)]
      : [],
  ].filter((lines) => lines.length > 0);
  const systemOut =
    sections.length === 0
      ? '    <system-out/>'
      : `    <system-out>${xmlText(sections.map((lines) => lines.join('\n')).join('\n\n'))}</system-out>`;
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: `evalpacks ${run.pack}`, ...counts })}>`,
    `  <testsuite${suite}>`,
    '    <properties>',
    ...Object.entries(properties)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `      <property${attrs({ name, value })}/>`),
    ...flaky.map((value) => `      <property${attrs({ name: 'flaky', value })}/>`),
    ...unjudged.map((value) => `      <property${attrs({ name: 'structural-only', value })}/>`),
    '    </properties>',
  ];
  yield `${head.join('\n')}\n`;
  for (const result of source.results()) {
    yield `${testcase(result, epochs, classname, flakyCases.has(result.case.id))}\n`;
  }
  yield `${[systemOut, '    <system-err/>', '  </testsuite>', '</testsuites>', ''].join('\n')}`;
}

/**
 * JUnit XML as CI systems read it (the Ant/Jenkins schema): one testsuite per run, one testcase per
 * case (and epoch), failures carrying every reason and the judge's reasoning, judge errors as errors.
 * A case with an item that flipped between epochs is marked: "[flaky]" after each of its testcases' names,
 * a `flaky` property of the suite per flipped item, and the items listed in the suite's system-out. A
 * structural-only result (its checks passed, its judged items were not judged) is no failure but is
 * marked likewise: "[structural only]" in its name, a `structural-only` property and a system-out line.
 */
export function junitReport(run: RunResult, options: JunitReportOptions = {}): string {
  return joinParts(junitReportParts(wholeRunSource(run, options.grade), options));
}

/** The judge-corrected lines as suite properties, when labels of the run's judge were read. */
function correctedProperties(grade: RunGrade): Record<string, string> {
  if (!grade.corrected || grade.corrected.used === 0) return {};
  return Object.fromEntries(correctedLines(grade.corrected).map((line, i) => [`judge-corrected-${i + 1}`, line]));
}
