import { readFileSync } from 'node:fs';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrate, EvalpacksError } from '../src/index.ts';
import { scriptJudge } from './code-review-script.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The report from its first section on: the header names how many calls were made, which differs. */
const body = (text: string) => text.slice(text.indexOf('Agreement with people'));

describe('calibrate() from code', () => {
  let standIn: OllamaStandIn;
  const LABELS = readFileSync(new URL('packs/code-review/calibration/labels.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n').length;

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    // Misses a finding people saw caught, and catches the one they saw missed: two disagreements.
    scriptJudge(standIn, 'client-in-handler');
  });

  afterAll(() => standIn?.close());

  it("gives the judge's agreement and the exit code the CLI gives, and the same report on an io", async () => {
    const store = tempStore();
    const flags = ['--domain', 'code-review', '--ollama-host', standIn.url, '--judge-model', 'judge:1b'];
    const cli = await runCli(['calibrate', ...flags, '--min-kappa', '0.6'], { EVALPACKS_STORE: store });
    expect([cli.code, cli.stderr]).toEqual([1, '']);
    const chunks: string[] = [];
    const result = await calibrate({
      domain: 'code-review',
      ollamaHost: standIn.url,
      judgeModel: 'judge:1b',
      minKappa: '0.6',
      store,
      io: { write: (text) => chunks.push(text) },
    });
    expect([result.exitCode, result.labels]).toEqual([1, LABELS]);
    expect(result.judge?.agreement.overall.kappa.kappa).toBeLessThan(0);
    expect(result.judge?.agreement.disagreements.map((d) => d.item.label.itemId)).toEqual([
      'client-in-handler',
      'missing-idempotency',
    ]);
    expect([result.versus, result.comparison, result.exported]).toEqual([undefined, undefined, undefined]);
    expect(body(chunks.join(''))).toBe(body(cli.stdout));
  });

  it('rejects a pack with no labels with exit code 2 and the line the CLI prints', async () => {
    const error = await calibrate({ domain: 'tool-basics', store: tempStore() }).catch((e: unknown) => e);
    const cli = await runCli(['calibrate', '--domain', 'tool-basics']);
    expect(cli.code).toBe(2);
    expect(error).toBeInstanceOf(EvalpacksError);
    expect(`evalpacks: ${(error as EvalpacksError).message}`).toBe(cli.stderr.trimEnd());
  });
});
