import { LOW_CONFIDENCE } from '../judge/decision-confidence.ts';
import type { RunResult } from '../schema/result.ts';
import { asRecord, type Gradable } from './case-record.ts';
import type { RunSummary } from './grade-schema.ts';

export type { RunSummary } from './grade-schema.ts';

/** Counts over a run, the figures every reporter prints: the sums of its cases' figures. */
export function summarizeRun(
  run: { cases: readonly Gradable[]; notStarted?: RunResult['notStarted'] },
  lowConfidence = LOW_CONFIDENCE,
): RunSummary {
  const confidence = { scored: 0, low: 0, threshold: lowConfidence };
  const summary: RunSummary = {
    cases: { passed: 0, total: run.cases.length },
    structuralOnly: 0,
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
  for (const gradable of run.cases) {
    const { status, figures: f } = asRecord(gradable);
    if (status === 'passed') summary.cases.passed++;
    if (status === 'structural-only') summary.structuralOnly++;
    if (status === 'error') summary.errors++;
    if (f.agentError) summary.agentErrors++;
    summary.agentTokens.input += f.agentInput;
    summary.agentTokens.output += f.agentOutput;
    summary.judgeTokens.input += f.judgeInput;
    summary.judgeTokens.output += f.judgeOutput;
    if (f.userInput !== undefined || f.userOutput !== undefined) {
      summary.userTokens ??= { input: 0, output: 0 };
      summary.userTokens.input += f.userInput ?? 0;
      summary.userTokens.output += f.userOutput ?? 0;
    }
    summary.retries.agent += f.agentRetries;
    summary.retries.judge += f.judgeRetries;
    summary.structural.passed += f.checksPassed;
    summary.structural.total += f.checks;
    summary.findings.passed += f.findingsCaught;
    summary.findings.judged += f.findingsJudged;
    summary.findings.total += f.findings;
    summary.findings.notJudged += f.findingsNotJudged;
    summary.findings.errors += f.findingsErrors;
    summary.falsePositives += f.falsePositives;
    summary.judgeErrors += f.judgeErrors;
    for (const p of f.confidences) {
      confidence.scored++;
      if (p < lowConfidence) confidence.low++;
    }
  }
  if (confidence.scored > 0) summary.confidence = confidence;
  return summary;
}
