import type { Case } from '../schema/case.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';
import { type CaseStanding, resultStanding } from './case-standing.ts';
import { type ItemOutcome, itemOutcomes } from './item-outcomes.ts';
import { type Suggestion, suggestionsOf } from './suggestions.ts';

/** The few facts of a case that grading and the summaries read: never its input or expectations. */
export type CaseRef = Pick<Case, 'id' | 'name' | 'repeatPolicy'>;

/**
 * A result's counts, the figures every summary adds up. Flat numbers in one object: a run keeps one per
 * result, and six nested objects made it four times the size.
 */
export interface ResultFigures {
  agentError: boolean;
  agentInput: number;
  agentOutput: number;
  judgeInput: number;
  judgeOutput: number;
  /** A conversation's simulated user (transcript.userUsage); absent for a case without one. */
  userInput?: number;
  userOutput?: number;
  agentRetries: number;
  judgeRetries: number;
  checksPassed: number;
  checks: number;
  /** Findings caught, of those the judge answered (`findingsJudged`), out of all (`findings`). */
  findingsCaught: number;
  findingsJudged: number;
  findings: number;
  findingsNotJudged: number;
  findingsErrors: number;
  falsePositives: number;
  judgeErrors: number;
  /** The decision-token probabilities of the verdicts that have one (see Verdict.confidence): few per result. */
  confidences: number[];
}

/**
 * What a run keeps of one case result once it is saved: enough to grade it (items, status, what to
 * suggest) and to summarise it, and nothing a person reads at length (no transcript, no judge reasoning
 * but the failures'). A 10,000-case run holds these, not its results; reporters read the results from the
 * store one at a time.
 */
export interface CaseRecord {
  case: CaseRef;
  epoch: number;
  /** The result's status, or 'structural-only' for a pass with judged items not judged (see CaseStanding). */
  status: CaseStanding;
  items: ItemOutcome[];
  /** An edit for every failure (none when the case passed). */
  suggestions: Suggestion[];
  /** Its agent and judge errors, one line each ("agent: ...", "judge: ..."). */
  errors: string[];
  figures: ResultFigures;
}

/** Either form a run's cases come in: whole results (a stored run, a test) or records (a live run). */
export type Gradable = CaseResult | CaseRecord;

/** A run as grading and the summaries read it: its facts and its cases in either form. */
export type GradableRun = Omit<RunResult, 'cases'> & { cases: readonly Gradable[] };

/** A run whose cases are records: what runPack returns. */
export type CompactRun = Omit<RunResult, 'cases'> & { cases: CaseRecord[] };

function figuresOf(result: CaseResult): ResultFigures {
  const figures: ResultFigures = {
    agentError: result.transcript.error !== undefined,
    agentInput: result.transcript.usage.input,
    agentOutput: result.transcript.usage.output,
    judgeInput: result.judgeUsage.input,
    judgeOutput: result.judgeUsage.output,
    ...(result.transcript.userUsage && {
      userInput: result.transcript.userUsage.input,
      userOutput: result.transcript.userUsage.output,
    }),
    agentRetries: result.transcript.retries ?? 0,
    judgeRetries: 0,
    checksPassed: result.checks.filter((check) => check.passed).length,
    checks: result.checks.length,
    findingsCaught: 0,
    findingsJudged: 0,
    findings: 0,
    findingsNotJudged: 0,
    findingsErrors: 0,
    falsePositives: 0,
    judgeErrors: 0,
    confidences: [],
  };
  for (const verdict of result.verdicts) {
    if (verdict.status === 'error') figures.judgeErrors++;
    if (verdict.status === 'ok' && verdict.confidence !== undefined) figures.confidences.push(verdict.confidence);
    figures.judgeRetries += verdict.retries ?? 0;
    if (verdict.kind === 'finding') {
      figures.findings++;
      if (verdict.status === 'ok') figures.findingsJudged++;
      if (verdict.status === 'ok' && verdict.passed) figures.findingsCaught++;
      if (verdict.status === 'skipped') figures.findingsNotJudged++;
      if (verdict.status === 'error') figures.findingsErrors++;
    }
    if (verdict.kind === 'absent' && verdict.status === 'ok' && !verdict.passed) figures.falsePositives++;
  }
  return figures;
}

function errorsOf(result: CaseResult): string[] {
  const lines = result.transcript.error ? [`agent: ${result.transcript.error}`] : [];
  for (const verdict of result.verdicts) if (verdict.status === 'error') lines.push(`judge: ${verdict.error}`);
  return lines;
}

/** Returns a value equal to the one given, the first such it saw: values a run's records can share. */
export type Share = <T>(value: T) => T;

/**
 * Shares equal values between the records of one run: a case's facts across its epochs, an item's
 * outcome across epochs and cases, the empty lists of a passed case. Only values with few distinct forms
 * go through it (never the figures, which differ per result), so what it remembers stays small.
 */
export function recordSharing(): Share {
  const seen = new Map<string, unknown>();
  return <T>(value: T): T => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return seen.get(key) as T;
    seen.set(key, value);
    return value;
  };
}

/** The record a run keeps of a result; `share` lets a run's records share their equal parts. */
export function caseRecord(result: CaseResult, share: Share = (value) => value): CaseRecord {
  const { id, name, repeatPolicy } = result.case;
  const suggestions = suggestionsOf(result);
  const errors = errorsOf(result);
  return {
    case: share({ id, name, ...(repeatPolicy !== undefined && { repeatPolicy }) }),
    epoch: result.epoch,
    status: resultStanding(result),
    items: itemOutcomes(result).map(share),
    suggestions: suggestions.length === 0 ? share(suggestions) : suggestions,
    errors: errors.length === 0 ? share(errors) : errors,
    figures: figuresOf(result),
  };
}

/** A case in record form: a record as it is, a whole result reduced to one. */
export function asRecord(gradable: Gradable): CaseRecord {
  return 'transcript' in gradable ? caseRecord(gradable) : gradable;
}
