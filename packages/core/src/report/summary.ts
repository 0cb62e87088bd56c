import type { RunResult } from '../schema/result.ts';

export interface Tally {
  passed: number;
  total: number;
}

export interface RunSummary {
  cases: Tally;
  /** Cases the run chose not to start (a budget ran out). */
  notStarted: number;
  errors: number;
  structural: Tally;
  /** `passed` of `judged` (verdicts the judge gave); `total` also counts items not judged or in judge error. */
  findings: Tally & { judged: number; notJudged: number; errors: number };
  falsePositives: number;
  judgeErrors: number;
  agentErrors: number;
  agentTokens: { input: number; output: number };
  judgeTokens: { input: number; output: number };
  /** Model calls the backends repeated (throttling, 5xx), per role. */
  retries: { agent: number; judge: number };
}

/** Counts over a run, the figures every reporter prints. */
export function summarizeRun(run: RunResult): RunSummary {
  const summary: RunSummary = {
    cases: { passed: 0, total: run.cases.length },
    notStarted: run.notStarted?.length ?? 0,
    errors: 0,
    structural: { passed: 0, total: 0 },
    findings: { passed: 0, judged: 0, total: 0, notJudged: 0, errors: 0 },
    falsePositives: 0,
    judgeErrors: 0,
    agentErrors: 0,
    agentTokens: { input: 0, output: 0 },
    judgeTokens: { input: 0, output: 0 },
    retries: { agent: 0, judge: 0 },
  };
  for (const result of run.cases) {
    if (result.status === 'passed') summary.cases.passed++;
    if (result.status === 'error') summary.errors++;
    if (result.transcript.error) summary.agentErrors++;
    summary.agentTokens.input += result.transcript.usage.input;
    summary.agentTokens.output += result.transcript.usage.output;
    summary.judgeTokens.input += result.judgeUsage.input;
    summary.judgeTokens.output += result.judgeUsage.output;
    summary.retries.agent += result.transcript.retries ?? 0;
    for (const check of result.checks) {
      summary.structural.total++;
      if (check.passed) summary.structural.passed++;
    }
    for (const verdict of result.verdicts) {
      if (verdict.status === 'error') summary.judgeErrors++;
      summary.retries.judge += verdict.retries ?? 0;
      if (verdict.kind === 'finding') {
        summary.findings.total++;
        if (verdict.status === 'ok') summary.findings.judged++;
        if (verdict.status === 'ok' && verdict.passed) summary.findings.passed++;
        if (verdict.status === 'skipped') summary.findings.notJudged++;
        if (verdict.status === 'error') summary.findings.errors++;
      }
      if (verdict.kind === 'absent' && verdict.status === 'ok' && !verdict.passed) summary.falsePositives++;
    }
  }
  return summary;
}
