import type { Case } from '../schema/case.ts';
import type { CaseResult, CaseStatus, RunResult } from '../schema/result.ts';
import type { TokenUsage } from '../schema/transcript.ts';
import { type ItemOutcome, itemOutcomes } from './item-outcomes.ts';
import { type Suggestion, suggestionsOf } from './suggestions.ts';

/** The few facts of a case that grading and the summaries read: never its input or expectations. */
export type CaseRef = Pick<Case, 'id' | 'name' | 'repeatPolicy'>;

/** A result's counts, the figures every summary adds up (structural checks, findings, tokens, ...). */
export interface ResultFigures {
  agentError: boolean;
  agentUsage: TokenUsage;
  judgeUsage: TokenUsage;
  retries: { agent: number; judge: number };
  structural: { passed: number; total: number };
  /** Findings: caught (`passed`) of those the judge answered (`judged`), out of all (`total`). */
  findings: { passed: number; judged: number; total: number; notJudged: number; errors: number };
  falsePositives: number;
  judgeErrors: number;
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
  status: CaseStatus;
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
    agentUsage: { input: result.transcript.usage.input, output: result.transcript.usage.output },
    judgeUsage: { input: result.judgeUsage.input, output: result.judgeUsage.output },
    retries: { agent: result.transcript.retries ?? 0, judge: 0 },
    structural: { passed: result.checks.filter((check) => check.passed).length, total: result.checks.length },
    findings: { passed: 0, judged: 0, total: 0, notJudged: 0, errors: 0 },
    falsePositives: 0,
    judgeErrors: 0,
  };
  for (const verdict of result.verdicts) {
    if (verdict.status === 'error') figures.judgeErrors++;
    figures.retries.judge += verdict.retries ?? 0;
    if (verdict.kind === 'finding') {
      figures.findings.total++;
      if (verdict.status === 'ok') figures.findings.judged++;
      if (verdict.status === 'ok' && verdict.passed) figures.findings.passed++;
      if (verdict.status === 'skipped') figures.findings.notJudged++;
      if (verdict.status === 'error') figures.findings.errors++;
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

/** The record a run keeps of a result. */
export function caseRecord(result: CaseResult): CaseRecord {
  const { id, name, repeatPolicy } = result.case;
  return {
    case: { id, name, ...(repeatPolicy !== undefined && { repeatPolicy }) },
    epoch: result.epoch,
    status: result.status,
    items: itemOutcomes(result),
    suggestions: suggestionsOf(result),
    errors: errorsOf(result),
    figures: figuresOf(result),
  };
}

/** A case in record form: a record as it is, a whole result reduced to one. */
export function asRecord(gradable: Gradable): CaseRecord {
  return 'transcript' in gradable ? caseRecord(gradable) : gradable;
}
