import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputHash } from '@evalpacks/core/calibration';
import { JUDGE_PROMPT_VERSIONS } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import { cases, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

const VERSION = JUDGE_PROMPT_VERSIONS.structured;
const JUDGE_TOKENS = { promptTokens: 100, outputTokens: 20 };

/**
 * 20 starter labels (a person's outcome, no verdict) on nosql-injection of subtle-issues: 10 answers the
 * person says catch it, 10 that do not. The stand-in judge reads a marker in each answer: it passes 9 of the
 * first 10 (TPR 0.9) and 2 of the last 10 (TNR 0.8), as the labels of corrected-rates.e2e do with verdicts.
 */
function starterLines(): string {
  const subtle = cases.find((c) => c.id === 'subtle-issues');
  if (!subtle) throw new Error('the frozen pack lost subtle-issues');
  return Array.from({ length: 20 }, (_, i) => {
    const passed = i < 10;
    const judgePasses = passed ? i !== 0 : i < 12;
    return JSON.stringify({
      caseId: subtle.id,
      kind: 'finding',
      itemId: 'nosql-injection',
      passed,
      note: passed ? 'Ties matchOn to the FilterExpression text.' : 'Never mentions the expression at all.',
      inputSha256: inputHash(subtle.input),
      answer: `starter review ${i}: ${judgePasses ? 'STARTER-JUDGE-PASS' : 'STARTER-JUDGE-MISS'}`,
    });
  }).join('\n');
}

describe('starter labels: a person outcome without a verdict, measured on the judge the run uses', () => {
  const standIn = useOllamaStandIn();

  it('eval names them until calibrate asked the judge, then prints the corrected rate from the cache', async () => {
    const pack = packCopy();
    mkdirSync(join(pack, 'calibration'));
    writeFileSync(join(pack, 'calibration', 'labels.jsonl'), `${starterLines()}\n`);
    const store = tempStore();
    const env = { EVALPACKS_STORE: store };
    const evalArgs = ['eval', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'];
    const scriptStarterJudge = () => {
      for (const [marker, caught] of [
        ['STARTER-JUDGE-PASS', true],
        ['STARTER-JUDGE-MISS', false],
      ] as const) {
        standIn.script({
          match: { hasFormat: true, contains: marker },
          reply: { content: JSON.stringify({ reasoning: `marker ${marker}`, caught }), ...JUDGE_TOKENS },
        });
      }
    };

    // First: the stand-in answers with the first rule that matches, and only the labels' answers hold a marker.
    scriptStarterJudge();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const first = await runCli(evalArgs, env);
    expect(first.stderr).toBe('');
    expect(summaryOf(first.stdout)).toContain(
      [
        '  findings        8/9 caught (95% CI 56.5–98.0%)',
        '  judge-corrected 20 starter labels this judge was not asked about yet (pnpm calibrate asks it)',
        '  false positives 0',
      ].join('\n'),
    );
    // The lookups are not the run's calls: 3 agent calls and 12 judge calls, as without labels.
    expect(summaryOf(first.stdout)).toMatch(/model calls +15 made, 0 from the cache/);

    const calibrated = await runCli(
      ['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'],
      env,
    );
    expect(calibrated.stderr).toBe('');
    expect(calibrated.code).toBe(0);
    expect(calibrated.stdout).toContain('TPR 9/10 = 90.0%');
    expect(calibrated.stdout).toContain('TNR 8/10 = 80.0%');

    // Same figures as 20 labels given on this judge's own verdicts: (8/9 + 0.8 − 1) / 0.7 = 98.4%.
    const again = await runCli([...evalArgs, '--offline'], env);
    expect(again.stderr).toBe('');
    expect(summaryOf(again.stdout)).toContain(
      [
        '  judge-corrected findings caught 98.4% (95% CI 53.8–100.0%), raw 88.9% · 20 labels (10 passing, 10 failing) · TPR 90.0% TNR 80.0%',
        '                  bait flagged not corrected: needs 10 labels each of passing and failing items (has 0 passing, 0 failing)',
        `                  labels of judge:1b · ${VERSION}: 20 used`,
      ].join('\n'),
    );
  });

  it('refuses a starter label without its note, naming file, line and field', async () => {
    const pack = packCopy();
    mkdirSync(join(pack, 'calibration'));
    const [line] = starterLines().split('\n');
    const { note: _note, ...noNote } = JSON.parse(line ?? '{}');
    const file = join(pack, 'calibration', 'labels.jsonl');
    writeFileSync(file, `${line}\n${JSON.stringify(noNote)}\n`);
    const result = await runCli(['calibrate', '--pack', pack, '--offline', '--judge-model', 'judge:1b']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:2: field "note"`);
    expect(readFileSync(file, 'utf8').split('\n').length).toBe(3);
  });
});
