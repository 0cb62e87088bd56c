import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatLabels } from '@evalpacks/core/calibration';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsFor, packCopy } from './calibrate-script.ts';
import { missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, tempStore } from './run-cli.ts';

describe('pnpm calibrate --queue', () => {
  let standIn: OllamaStandIn;
  let pack: string;
  let store: string;
  const queue = (...extra: string[]) =>
    runCli(['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b', ...extra], {
      EVALPACKS_STORE: store,
    });

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    pack = packCopy();
    store = tempStore();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const run = await runCli(['eval', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'], {
      EVALPACKS_STORE: store,
    });
    expect(run.stderr).toBe('');
    // Of the run's 12 verdicts, two labelled in the viewer (the store) and one in the pack's labels file.
    const db = EvalStore.open(store);
    const labels = labelsFor(db.caseResults(1));
    for (const label of labels.slice(0, 2)) db.saveLabel('code-review', label);
    // A re-judge by a bigger judge that fails subtle-issues' no-batch-write on the same answer.
    const first = db.run(1);
    if (!first) throw new Error('no run 1');
    const rejudge = db.beginRun({
      ...first,
      kind: 'rejudge',
      parentRunId: 1,
      judge: { backend: 'ollama', model: 'judge:8b' },
    });
    for (const result of db.caseResults(1)) {
      const flipped = result.verdicts.map((verdict) =>
        verdict.status === 'ok' && verdict.itemId === 'no-batch-write'
          ? { ...verdict, model: 'judge:8b', passed: false }
          : verdict,
      );
      db.saveCaseResult(rejudge.id, { ...result, verdicts: flipped });
    }
    db.close();
    mkdirSync(join(pack, 'calibration'));
    writeFileSync(join(pack, 'calibration', 'labels.jsonl'), formatLabels(labels.slice(2, 3)));
  }, 120_000);

  afterAll(async () => {
    await standIn?.close();
  });

  it("lists the run's unlabelled verdicts in the viewer's order, each with why, and makes no model call", async () => {
    const calls = standIn.chatCalls().length;
    const listed = await queue('--queue');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(
      listed.stdout,
    ).toBe(`evalpacks calibrate --queue · code-review · run #1 (baseline, judge judge:1b) · 9 verdicts to label, 3 labelled
  #  case                   epoch    item                           judge  why next
  1  subtle-issues          epoch 1  finding no-batch-write         pass   judges disagree: judge:8b (run #2) said the opposite
  2  basic-vulnerabilities  epoch 1  finding wildcard-cors          pass   no label on this item yet
  3  basic-vulnerabilities  epoch 1  finding no-error-handling      pass   no label on this item yet
  4  false-positive-bait    epoch 1  absent absent-1                pass   no label on this item yet
  5  false-positive-bait    epoch 1  absent absent-2                pass   no label on this item yet
  6  false-positive-bait    epoch 1  absent absent-3                pass   no label on this item yet
  7  subtle-issues          epoch 1  finding nosql-injection        pass   no label on this item yet
  8  subtle-issues          epoch 1  finding scan-instead-of-query  pass   no label on this item yet
  9  subtle-issues          epoch 1  finding missing-idempotency    fail   no label on this item yet

(label them in ${join(pack, 'calibration', 'labels.jsonl')} or the viewer's /runs/1/to-label, then ask again)
`);
    expect(standIn.chatCalls().length).toBe(calls);
  });
});

describe('pnpm calibrate --queue, asked wrongly', () => {
  it('names a run that is not there, and refuses to measure the judge at the same time', async () => {
    const pack = packCopy();
    const store = tempStore();
    const ask = (...extra: string[]) => runCli(['calibrate', '--pack', pack, ...extra], { EVALPACKS_STORE: store });
    const none = await ask('--queue');
    expect([none.code, none.stderr.trim()]).toEqual([
      2,
      `evalpacks: --queue: no run of code-review in ${store}: run pnpm eval first`,
    ]);
    const missing = await ask('--queue', '7');
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      `evalpacks: --queue 7: no run 7 in ${store} (see pnpm history)`,
    ]);
    const both = await ask('--queue', '--min-kappa', '0.5');
    expect([both.code, both.stderr.trim()]).toEqual([
      2,
      'evalpacks: --queue only lists what to label next; run calibrate again without it to measure the judge',
    ]);
  });
});
