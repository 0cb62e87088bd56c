import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsFor, packCopy, scriptStrictJudge, strictPrompt } from './calibrate-script.ts';
import { closedPort } from './closed-port.ts';
import { missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The report from its first section on: the header names ports and temporary paths. */
const body = (stdout: string) => stdout.slice(stdout.indexOf('Agreement with people'));

// The person, against the judge's 12 verdicts on the scripted run: the judge wrongly passes two findings
// (client-in-handler, no-batch-write), the agent is to blame for one, the case for one bait item (left
// out), the rest agreed. Of 11 counted items: person passes 8, fails 3; the judge passes 10, fails 1.
// By hand: p_o = 9/11, p_e = (10·8 + 1·3)/121 = 83/121, kappa = (99 − 83)/(121 − 83) = 16/38 = 0.421; the
// Fleiss-Cohen-Everitt interval, computed apart from the code, is −0.171 to 1.013, cut at 1.
const REPORT = `Agreement with people (11 items; positive = the item passes)
  all         agree 9/11 = 81.8% (95% CI 52.3–94.9%) · kappa 0.421 (95% CI -0.171 to 1.000)
              TPR 8/8 = 100.0% (95% CI 67.6–100.0%) · TNR 1/3 = 33.3% (95% CI 6.1–79.2%)
  findings    agree 7/9 = 77.8% (95% CI 45.3–93.7%) · kappa 0.400 (95% CI -0.187 to 0.987)
              TPR 6/6 = 100.0% (95% CI 61.0–100.0%) · TNR 1/3 = 33.3% (95% CI 6.1–79.2%)
  bait items  agree 2/2 = 100.0% (95% CI 34.2–100.0%) · kappa n/a (judge and people each gave one outcome only)
              TPR 2/2 = 100.0% (95% CI 34.2–100.0%) · TNR 0/0

Per finding
  basic-vulnerabilities/ssn-exposure              agree 1/1 · TPR 1/1 · TNR 0/0
  basic-vulnerabilities/missing-input-validation  agree 1/1 · TPR 1/1 · TNR 0/0
  basic-vulnerabilities/client-in-handler         agree 0/1 · TPR 0/0 · TNR 0/1
  basic-vulnerabilities/wildcard-cors             agree 1/1 · TPR 1/1 · TNR 0/0
  basic-vulnerabilities/no-error-handling         agree 1/1 · TPR 1/1 · TNR 0/0
  subtle-issues/nosql-injection                   agree 1/1 · TPR 1/1 · TNR 0/0
  subtle-issues/scan-instead-of-query             agree 1/1 · TPR 1/1 · TNR 0/0
  subtle-issues/missing-idempotency               agree 1/1 · TPR 0/0 · TNR 1/1
  subtle-issues/no-batch-write                    agree 0/1 · TPR 0/0 · TNR 0/1

Disagreements (2)
  basic-vulnerabilities · finding client-in-handler: judge CAUGHT, person MISSED
    judge   The review explains the problem and its fix.
    person  Only says "create it once"; never ties it to warm invocations.
  subtle-issues · finding no-batch-write: judge CAUGHT, person MISSED
    judge   The review explains the problem and its fix.
    person  Names BatchWriteCommand but not the sequential round trips.

To fix (2)
  Steps       basic-vulnerabilities · no-error-handling: The fix logs the whole error object, request payload included.
  case file   CASES/false-positive-bait.yaml · absent-2: The catch block answers 500 for a validation error too; say so in the case.
  (1 item blamed on the case left out of the agreement)
`;

describe('pnpm calibrate', () => {
  let standIn: OllamaStandIn;
  let pack: string;
  let store: string;
  const calibrate = (...extra: string[]) =>
    runCli(['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b', ...extra], {
      EVALPACKS_STORE: store,
    });
  const expected = () => REPORT.replace('CASES', join(pack, 'cases'));

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    pack = packCopy();
    store = tempStore();
    scriptAgent(standIn);
    scriptStrictJudge(standIn);
    scriptJudge(standIn, missedFinding);
    const run = await runCli(['eval', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'], {
      EVALPACKS_STORE: store,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // The person labels every verdict of the run, as the viewer would: into the store's labels table.
    const db = EvalStore.open(store);
    for (const label of labelsFor(db.caseResults(1))) db.saveLabel('code-review', label);
    expect(db.labels('code-review')).toHaveLength(12);
    db.close();
  }, 120_000);
  afterAll(() => standIn.close());

  it('reports agreement, kappa, TPR, TNR, the disagreements and the list to fix, from the cache', async () => {
    const before = standIn.chatCalls().length;
    const result = await calibrate();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('· 12 labels (0 from ');
    expect(result.stdout).toContain(
      ', 12 from the store)\njudge  ollama judge:1b · risen-judge-v4 @ http://127.0.0.1:',
    );
    // The run asked these very questions: every verdict comes from the call cache.
    expect(result.stdout).toContain('model calls 0 made, 12 from the cache\n');
    expect(standIn.chatCalls().length).toBe(before);
    expect(body(result.stdout)).toBe(expected());
  });

  it('says which Ollama hosts served each judge, from the rows eval prints', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    // A prompt of its own for judge B: questions no other test has put in the store's cache.
    const prompt = join(mkdtempSync(join(tmpdir(), 'evalpacks-hosts-judge-')), 'careful-judge.md');
    writeFileSync(prompt, '# Steps\n- Read the whole review before deciding.\n');
    const args = ['--ollama-host', `${dead},${standIn.url}`, '--judge-model', 'judge:1b', '--versus-prompt', prompt];
    const result = await runCli(['calibrate', '--pack', pack, ...args], { EVALPACKS_STORE: store });
    // Judge A is answered from the cache, so its hosts are never checked; judge B's check leaves the dead one out.
    expect(result.stderr).toBe(
      `warning: ollama host ${dead} is left out: Cannot reach the Ollama server (ECONNREFUSED); running on 1 host\n`,
    );
    expect(result.code).toBe(0);
    const [d, live] = [dead, standIn.url].map((url) => url.slice('http://'.length));
    expect(result.stdout).toContain(
      'model calls 12 made, 12 from the cache\n' +
        `ollama hosts  judge A 2 (${d} 0 calls; ${live} 0 calls) · judge B 2 (${d} left out at the start; ${live} 12 calls)\n\n`,
    );
  });

  it('exits 1 below --min-kappa, 0 at or above it', async () => {
    const below = await calibrate('--min-kappa', '0.5');
    expect(below.code).toBe(1);
    expect(below.stdout).toContain('\nFAIL  kappa 0.421 (95% CI -0.171 to 1.000) is below --min-kappa 0.5\n');
    const above = await calibrate('--min-kappa', '0.4');
    expect(above.code).toBe(0);
    expect(above.stdout).not.toContain('FAIL');
  });

  it('--split dev calibrates on the labels of dev cases only', async () => {
    const cases = join(pack, 'cases');
    for (const [name, split] of [
      ['basic-vulnerabilities', 'dev'],
      ['subtle-issues', 'test'],
      ['false-positive-bait', 'test'],
    ]) {
      const file = join(cases, `${name}.yaml`);
      writeFileSync(file, `split: ${split}\n${readFileSync(file, 'utf8')}`);
    }
    const db = EvalStore.open(store);
    const labelsOnDev = db.labels('code-review').filter((label) => label.caseId === 'basic-vulnerabilities');
    const onDev = labelsOnDev.length;
    const findingsOnDev = labelsOnDev.filter((label) => label.kind === 'finding').length;
    db.close();
    const result = await calibrate('--split', 'dev');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`, 12 from the store) · split dev: ${onDev} of them\n`);
    const perFinding = result.stdout.slice(
      result.stdout.indexOf('Per finding'),
      result.stdout.indexOf('\n\n', result.stdout.indexOf('Per finding')),
    );
    expect(
      perFinding
        .split('\n')
        .slice(1)
        .every((line) => line.includes('basic-vulnerabilities/')),
    ).toBe(true);
    expect(findingsOnDev).toBeGreaterThan(0);
    expect(perFinding.split('\n')).toHaveLength(1 + findingsOnDev);
  });

  it('compares two judge prompts on the same labels with exact McNemar', async () => {
    const result = await calibrate('--versus-prompt', strictPrompt(pack));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Judge B asks 12 new questions (its prompt differs); only the two strict answers differ from A's.
    expect(result.stdout).toContain('model calls 12 made, 12 from the cache\n');
    expect(result.stdout).toMatch(/\njudge B {2}ollama judge:1b · risen-judge-v4\+strict-judge\.md@[0-9a-f]{12} @ /);
    const comparison = result.stdout.slice(result.stdout.indexOf('Two judges on the same labels'));
    expect(comparison.replace(/@[0-9a-f]{12}/, '@HASH')).toBe(
      'Two judges on the same labels (11 items both judged)\n' +
        '  A  ollama judge:1b · risen-judge-v4                               agree 9/11 = 81.8% (95% CI 52.3–94.9%) · kappa 0.421 (95% CI -0.171 to 1.000)\n' +
        '  B  ollama judge:1b · risen-judge-v4+strict-judge.md@HASH  agree 11/11 = 100.0% (95% CI 74.1–100.0%) · kappa 1.000 (95% CI 1.000 to 1.000)\n' +
        '  only A right on 0, only B right on 2 · exact McNemar p = 0.500\n' +
        '  verdict: no significant difference at the 5% level\n',
    );
  });

  it('--export writes the labels to the pack, and a fresh store reads them back offline', async () => {
    const exported = await calibrate('--export');
    expect(exported.code).toBe(0);
    const file = join(pack, 'calibration', 'labels.jsonl');
    expect(exported.stdout).toBe(`wrote 12 labels to ${file} (12 from the store, 0 kept from the file)\n`);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(12);

    const fresh = await runCli(['calibrate', '--pack', pack, '--offline', '--judge-model', 'judge:1b']);
    expect(fresh.stderr).toBe('');
    expect(fresh.stdout).toContain(`· 12 labels (12 from ${file}, 0 from the store)\n`);
    expect(fresh.stdout).toContain(
      'judge  the verdicts recorded with the labels (judge:1b · risen-judge-v4); offline, none cached for ollama judge:1b · risen-judge-v4\n',
    );
    expect(body(fresh.stdout)).toBe(expected());
  });

  it('stops with exit 2 on a bad labels line, naming file, line and field', async () => {
    const file = join(pack, 'calibration', 'labels.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    const bad = { ...JSON.parse(lines[1] ?? '{}'), wrong: 'reviewer' };
    writeFileSync(file, [lines[0], JSON.stringify(bad), ...lines.slice(2)].join('\n'));
    const result = await runCli(['calibrate', '--pack', pack, '--offline']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evalpacks: ${file}:2: field "wrong": Invalid option: expected one of "judge"|"agent"|"case"\n`,
    );
  });
});
