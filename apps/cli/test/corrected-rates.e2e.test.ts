import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputHash } from '@evalpacks/core/calibration';
import { JUDGE_PROMPT_VERSIONS } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import {
  cases,
  codeReviewArgs,
  missedFinding,
  SCRIPTED_RESULTS,
  scriptAgent,
  scriptJudge,
} from './code-review-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf } from './run-cli.ts';

const JUDGE = { model: 'judge:1b', promptVersion: JUDGE_PROMPT_VERSIONS.structured };
const judged = (pack: string, url: string, ...extra: string[]) => [
  'eval',
  '--pack',
  pack,
  '--ollama-host',
  url,
  '--judge-model',
  'judge:1b',
  ...extra,
];

/**
 * 20 finding labels on earlier answers judged by judge:1b with this prompt version: of 10 answers the person
 * saw hold the finding the judge passed 9 (TPR 0.9); of 10 that did not it passed 2 (TNR 0.8).
 */
function labelLines(): string {
  const finding = cases.find((c) => c.id === 'subtle-issues');
  if (!finding) throw new Error('the frozen pack lost subtle-issues');
  return Array.from({ length: 20 }, (_, i) => {
    const truth = i < 10;
    const judgePassed = truth ? i !== 0 : i < 12;
    const agrees = judgePassed === truth;
    return JSON.stringify({
      caseId: finding.id,
      kind: 'finding',
      itemId: 'nosql-injection',
      label: agrees ? 'agree' : 'disagree',
      ...(!agrees && { wrong: 'judge' }),
      verdict: { passed: judgePassed, reasoning: 'earlier verdict', ...JUDGE },
      inputSha256: inputHash(finding.input),
      answer: `earlier review ${i}`,
    });
  }).join('\n');
}

describe('judge-corrected rates on the code-review test pack against the Ollama stand-in', () => {
  const standIn = useOllamaStandIn();

  it('names the frozen labels as another judge, uses none of them and prints the summary as before', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const out = mkdtempSync(join(tmpdir(), 'evalpacks-corrected-'));
    const result = await runCli(codeReviewArgs(standIn.url, '--reporter', 'console,json', '--out', out));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(summaryOf(result.stdout)).toContain(`${SCRIPTED_RESULTS.join('\n')}\n`);
    expect(result.stdout).not.toContain('judge-corrected');
    const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    // calibration/labels.jsonl holds 12 labels, all given on testkit-scripted-judge · risen-judge-v1.
    expect(json.grade.corrected).toMatchObject({
      judge: JUDGE,
      used: 0,
      stale: 0,
      otherJudges: [{ model: 'testkit-scripted-judge', promptVersion: 'risen-judge-v1', labels: 12 }],
      findings: { status: 'too-few-labels', raw: { passed: 8, total: 9 } },
    });
  });

  it('prints the corrected findings rate with its labels, and --gate corrected holds --min-pass-rate to it', async () => {
    const pack = packCopy();
    mkdirSync(join(pack, 'calibration'));
    writeFileSync(join(pack, 'calibration', 'labels.jsonl'), `${labelLines()}\n`);
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const result = await runCli(judged(pack, standIn.url, '--min-pass-rate', '90%'));
    expect(result.stderr).toBe('');
    // (8/9 + 0.8 − 1) / (0.9 + 0.8 − 1) = 0.6889 / 0.7 = 98.4%. By hand, each variance at (k + z²/2) / (n + z²)
    // over n + z² (no clustering: design effect 1): Var p = 0.013684, Var TPR = 0.012028, Var TNR = 0.014667;
    // (0.013684 + 0.984²·0.012028 + 0.016²·0.014667) / 0.7² = 0.0517, so 98.4 − 1.96·22.7 = 53.8%.
    expect(summaryOf(result.stdout)).toContain(
      [
        '  findings        8/9 caught (95% CI 56.5–98.0%)',
        '  judge-corrected findings caught 98.4% (95% CI 53.8–100.0%), raw 88.9% · 20 labels (10 passing, 10 failing) · TPR 90.0% TNR 80.0%',
        '                  bait flagged not corrected: needs 10 labels each of passing and failing items (has 0 passing, 0 failing)',
        `                  labels of judge:1b · ${JUDGE.promptVersion}: 20 used`,
      ].join('\n'),
    );
    // Raw: 2 of 3 cases passed, below 90%.
    expect(summaryOf(result.stdout)).toContain('  pass rate       66.7% (minimum 90.0%, not met)');
    expect(result.code).toBe(1);
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const gated = await runCli(judged(pack, standIn.url, '--min-pass-rate', '90%', '--gate', 'corrected'));
    expect(gated.stderr).toBe('');
    expect(summaryOf(gated.stdout)).toContain('  pass rate       corrected findings 98.4% (minimum 90.0%)');
    expect(gated.code).toBe(0);
  });

  it('refuses --gate corrected without --min-pass-rate', async () => {
    const result = await runCli(codeReviewArgs(standIn.url, '--gate', 'corrected'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--gate corrected says what --min-pass-rate holds; give --min-pass-rate too');
  });
});
