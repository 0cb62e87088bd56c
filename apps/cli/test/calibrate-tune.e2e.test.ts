import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Label } from '@evalpacks/core';
import { kFolds, labelKey } from '@evalpacks/core/calibration';
import { JUDGE_PROMPT_VERSIONS } from '@evalpacks/core/runner';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import {
  hashFolder,
  NOTE,
  REDELIVERY_STEP,
  scriptRedeliveryJudge,
  scriptTuners,
  writeRedeliveryLabels,
} from './calibrate-tune-script.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The report from the proposal on: the header names ports and temporary paths. */
const body = (stdout: string) => stdout.slice(stdout.indexOf('Proposal ('));

const GUIDANCE =
  "Count a finding as caught only if the review ties it to this handler's own code (the field, call or " +
  'expression involved) and explains the risk or cost; a generic best-practice remark about the same ' +
  'AWS service is not a catch.';
const EXAMPLE = `Worked example (case "subtle-issues", finding "missing-idempotency"): people counted it caught: ${NOTE}`;
/** The judge.md the redelivery proposal makes of a pack without one: guidance kept, core's narrowing kept. */
const TUNED = `# Steps\n- ${GUIDANCE}\n- ${REDELIVERY_STEP}\n\n# Narrowing\nJudge only the item given. Do not reward length, tone or other findings.\n${EXAMPLE}\n`;
const version = (text: string) =>
  `${JUDGE_PROMPT_VERSIONS.structured}+code-review/judge.md@${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;

// 24 labelled findings: 18 the person passes, 6 they fail. The judge as it is misses the idempotency finding
// on all 6 reviews that say it: TP 12, FN 6, TN 6, FP 0. By hand: p_o = 18/24, p_e = (12·18 + 12·6)/576 = 1/2,
// kappa = (0.75 − 0.5)/0.5 = 0.5. With the redelivery line every held-out item agrees: kappa 1; the six items
// only the tuned judge gets right give exact McNemar p = 2·(1/2)^6 = 0.031.
const HELD_OUT = `Held-out agreement, 5-fold cross-validation (24 items, each held out once)
  before  agree 18/24 = 75.0% (95% CI 55.1–88.0%) · kappa 0.500 (95% CI 0.200 to 0.800)
          TPR 12/18 = 66.7% (95% CI 43.7–83.7%) · TNR 6/6 = 100.0% (95% CI 61.0–100.0%)
  after   agree 24/24 = 100.0% (95% CI 86.2–100.0%) · kappa 1.000 (95% CI 1.000 to 1.000)
          TPR 18/18 = 100.0% (95% CI 82.4–100.0%) · TNR 6/6 = 100.0% (95% CI 61.0–100.0%)
  only before right on 0, only after right on 6 · exact McNemar p = 0.031
  verdict: held-out agreement improved (kappa up, exact McNemar p < 0.05)
`;

const REPORT = `Proposal (from all 24 labelled items; each fold's own is made from its training folds only)
  Steps      + ${REDELIVERY_STEP}
  Narrowing  + ${EXAMPLE}

${HELD_OUT}
prompt version  ${JUDGE_PROMPT_VERSIONS.structured} → ${version(TUNED)}
`;

describe('pnpm calibrate --tune', () => {
  let standIn: OllamaStandIn;
  const tune = (pack: string, store: string, ...extra: string[]) =>
    runCli(
      ['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b', '--tune', ...extra],
      { EVALPACKS_STORE: store },
    );
  const labelledPack = () => {
    const pack = packCopy();
    writeRedeliveryLabels(pack);
    return pack;
  };

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['judge:1b', 'tuner:1b', 'idle-tuner:1b', 'heading-tuner:1b'] });
    scriptTuners(standIn);
    scriptRedeliveryJudge(standIn);
  });
  afterAll(() => standIn.close());

  it('raises held-out kappa with the redelivery line, and without --write changes nothing on disk', async () => {
    const pack = packCopy();
    const labels = writeRedeliveryLabels(pack);
    const before = hashFolder(pack);
    const sent = standIn.chatCalls().length;
    const result = await tune(pack, tempStore(), '--tune-model', 'tuner:1b');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `\njudge  ollama judge:1b · ${JUDGE_PROMPT_VERSIONS.structured} @ http://127.0.0.1:`,
    );
    expect(result.stdout).toContain('\ntuner  ollama tuner:1b · judge-tune-v1\n');
    // 24 baseline verdicts, the proposal of all labels, five folds' proposals (a fold whose training holds the
    // same disagreements as all labels asks the very question again: a cache hit) and the 24 held-out verdicts.
    expect(result.stdout).toContain(' · model calls 53 made, 1 from the cache\n\n');
    expect(body(result.stdout)).toBe(`${REPORT}not written: give --write to write it\n`);
    expect(hashFolder(pack)).toBe(before);
    // The tuning model saw, for all labels, the six reviews the judge missed the redelivery in; for each fold,
    // only those of its training folds (the same folds the core split makes of these 24 labels).
    const shownIn = (call: { body: unknown }) =>
      [...JSON.stringify(call.body).matchAll(/## Review (\d+)/g)].map((m) => Number(m[1])).join(',');
    const tunerPrompts = standIn
      .chatCalls()
      .slice(sent)
      .filter((call) => (call.body as { model?: string }).model === 'tuner:1b')
      .map(shownIn);
    const missed = (label: Label) => label.itemId === 'missing-idempotency' && label.label === 'disagree';
    const reviewOf = (label: Label) => Number(/## Review (\d+)/.exec(label.answer)?.[1]);
    const expected = [labels, ...kFolds(labels, 5, labelKey).map((fold) => fold.training)].map((some) =>
      some.filter(missed).map(reviewOf).sort().join(','),
    );
    expect([...new Set(tunerPrompts)].sort()).toEqual([...new Set(expected)].sort());
    expect(tunerPrompts).toHaveLength(new Set(expected).size);
    expect(expected[0]).toBe('1,2,3,4,5,6');
  });

  it('with --write adds the lines to judge.md, the prompt version changes, and old cache entries stay apart', async () => {
    const pack = labelledPack();
    const store = tempStore();
    const result = await tune(pack, store, '--tune-model', 'tuner:1b', '--write');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const file = join(pack, 'judge.md');
    expect(body(result.stdout)).toBe(`${REPORT}wrote ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe(TUNED);
    // Calibrating again asks the judge under the new version: the old version's cached misses are not reused.
    const again = await runCli(
      ['calibrate', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'],
      { EVALPACKS_STORE: store },
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`\njudge  ollama judge:1b · ${version(TUNED)} @ http://127.0.0.1:`);
    expect(again.stdout).toContain(
      '  all         agree 24/24 = 100.0% (95% CI 86.2–100.0%) · kappa 1.000 (95% CI 1.000 to 1.000)\n',
    );
  });

  it('does not write a proposal that does not improve, even with --write', async () => {
    const pack = labelledPack();
    const before = hashFolder(pack);
    const result = await tune(pack, tempStore(), '--tune-model', 'idle-tuner:1b', '--write');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(body(result.stdout)).toContain(
      '  Steps      + Read the whole review before deciding.\n\n' +
        'Held-out agreement, 5-fold cross-validation (24 items, each held out once)\n' +
        '  before  agree 18/24 = 75.0% (95% CI 55.1–88.0%) · kappa 0.500 (95% CI 0.200 to 0.800)\n' +
        '          TPR 12/18 = 66.7% (95% CI 43.7–83.7%) · TNR 6/6 = 100.0% (95% CI 61.0–100.0%)\n' +
        '  after   agree 18/24 = 75.0% (95% CI 55.1–88.0%) · kappa 0.500 (95% CI 0.200 to 0.800)\n' +
        '          TPR 12/18 = 66.7% (95% CI 43.7–83.7%) · TNR 6/6 = 100.0% (95% CI 61.0–100.0%)\n' +
        '  only before right on 0, only after right on 0 · exact McNemar p = 1.000\n' +
        '  verdict: held-out agreement did not improve: held-out kappa did not rise\n',
    );
    expect(result.stdout).toContain(
      '\nnot written: held-out agreement did not improve (held-out kappa did not rise)\n',
    );
    expect(existsSync(join(pack, 'judge.md'))).toBe(false);
    expect(hashFolder(pack)).toBe(before);
  });

  it("turns the labels' notes into Narrowing lines with --tune-from-notes, asking no tuning model", async () => {
    const pack = labelledPack();
    const tunerCalls = () => standIn.chatCalls().filter((call) => String(call.body?.model).includes('tuner')).length;
    const asked = tunerCalls();
    const result = await tune(pack, tempStore(), '--tune-from-notes', '--folds', '4');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("\ntuner  the labels' notes (--tune-from-notes)\n");
    expect(body(result.stdout)).toContain(
      `  Narrowing  + On the finding "missing-idempotency": ${NOTE}\n\n` +
        'Held-out agreement, 4-fold cross-validation (24 items, each held out once)\n',
    );
    expect(result.stdout).toContain('  only before right on 0, only after right on 6 · exact McNemar p = 0.031\n');
    expect(tunerCalls()).toBe(asked);
  });

  it('refuses a tuned judge.md that loses a section, before writing it (exit 2, one line)', async () => {
    const pack = labelledPack();
    writeFileSync(join(pack, 'judge.md'), '# Steps\n- Read the whole review before deciding.\n');
    const before = hashFolder(pack);
    const result = await tune(pack, tempStore(), '--tune-model', 'heading-tuner:1b', '--write');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `evalpacks: refusing to write ${join(pack, 'judge.md')}: the tuned judge.md loses its "# Steps" section\n`,
    );
    expect(hashFolder(pack)).toBe(before);
  });

  it('says so and exits 2 with fewer labelled items than folds, or tuning flags without --tune', async () => {
    const pack = labelledPack();
    const few = await tune(pack, tempStore(), '--folds', '25');
    expect(few.code).toBe(2);
    expect(few.stderr).toBe(
      'evalpacks: --tune: 24 labelled items with an outcome cannot fill 25 folds; label more verdicts or give fewer --folds\n',
    );
    const alone = await runCli(['calibrate', '--pack', pack, '--write'], { EVALPACKS_STORE: tempStore() });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('evalpacks: --write goes with --tune\n');
    const folds = await runCli(['calibrate', '--pack', pack, '--folds', '5'], { EVALPACKS_STORE: tempStore() });
    expect(folds.code).toBe(2);
    expect(folds.stderr).toBe('evalpacks: --folds goes with --tune\n');
  });
});
