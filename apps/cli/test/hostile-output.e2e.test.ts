import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Label, WrongSide } from '@evalpacks/core';
import { labelVerdict } from '@evalpacks/core/calibration';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import { cases, missedFinding, sample, scriptJudge } from './code-review-script.ts';
import { type CliResult, runCli, tempStore } from './run-cli.ts';

/**
 * Text that would drive a terminal: OSC 52 (write the clipboard), clear the screen (CSI 2J, and its C1
 * form), a carriage return to overwrite the line, NUL, backspace, DEL and a bidi override.
 */
const HOSTILE = '\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b2J\rPASS\u0000\u0008\u007f\u202e';
/** The same in a file name, which holds neither NUL nor a slash. */
const HOSTILE_NAME = 'tuned\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b2J\rPASS';
// biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the terminal
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** stdout and stderr both hold no control character; `shown` proves the hostile text was printed, made visible. */
function expectClean(result: CliResult, shown: string): void {
  expect(result.stdout).not.toMatch(CONTROL);
  expect(result.stderr).not.toMatch(CONTROL);
  expect(result.stdout).toContain(shown);
}

/** What each hostile text looks like once made visible. */
const VISIBLE = '␛]52;c;ZXZpbA==␇␛[2J[U+009B]2J␍PASS';

/** A person disagrees with every verdict in hostile words, blaming the judge, the agent or the case in turn. */
function hostileLabels(store: string): Label[] {
  const db = EvalStore.open(store);
  try {
    const sides: WrongSide[] = ['judge', 'agent', 'case'];
    const labels = db.caseResults(1).flatMap((result) =>
      result.verdicts.flatMap((verdict, i) => {
        if (verdict.status !== 'ok') return [];
        const said = { label: 'disagree' as const, wrong: sides[i % 3] as WrongSide, note: `note ${HOSTILE}` };
        const label = labelVerdict(result, verdict, said);
        return label ? [label] : [];
      }),
    );
    for (const label of labels) db.saveLabel('code-review', label);
    return labels;
  } finally {
    db.close();
  }
}

describe('every command, fed hostile text by the model, the labels and the files', () => {
  let standIn: OllamaStandIn;
  let pack: string;
  let store: string;
  let prompt: string;
  let reports: string;
  const onStandIn = () => ['--ollama-host', standIn.url, '--judge-model', 'judge:1b'];
  const cli = (args: string[], on = store) => runCli(args, { EVALPACKS_STORE: on });

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    for (const testCase of cases) {
      standIn.script({
        match: { hasFormat: false, contains: testCase.input },
        reply: { content: `${sample(testCase.id)}\n${HOSTILE}` },
      });
    }
    scriptJudge(standIn, missedFinding, `Missed. ${HOSTILE}`);
    pack = packCopy();
    store = tempStore();
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-hostile-'));
    prompt = join(dir, `${HOSTILE_NAME}.md`);
    writeFileSync(prompt, readFileSync(join(pack, 'prompts', 'baseline.md')));
    reports = join(dir, 'reports');
  });
  afterAll(() => standIn.close());

  it('eval', async () => {
    // One shard of one: its results.json is what merge joins below.
    const args = [
      'eval',
      '--pack',
      pack,
      '--prompt',
      prompt,
      ...onStandIn(),
      '--reporter',
      'console,json',
      '--shard',
      '1/1',
    ];
    const result = await cli([...args, '--out', reports]);
    expect(result.code).toBe(1);
    expectClean(result, `variant ${VISIBLE.replace('␛]', 'tuned␛]')}`);
    expect(result.stdout).toContain(`Missed. ${VISIBLE}␀␈␡[U+202E]`);
  });

  it('compare', async () => {
    const result = await cli(['compare', '--pack', pack, '--variant', prompt, ...onStandIn()]);
    expectClean(result, `variant   tuned${VISIBLE}`);
  });

  it('calibrate', async () => {
    expect(hostileLabels(store).length).toBeGreaterThan(6);
    const result = await cli(['calibrate', '--pack', pack, ...onStandIn()]);
    expect(result.code).toBe(0);
    // Notes are flattened to one line: the carriage return is a space before it could be shown.
    const note = `note ${VISIBLE.replace('␍', ' ')}␀␈␡[U+202E]`;
    expectClean(result, `    person  ${note}\n`);
    const fixes = result.stdout.split('\n').filter((line) => line.startsWith('  Steps       '));
    expect(fixes.length).toBeGreaterThan(0);
    for (const line of fixes) expect(line.endsWith(`: ${note}`)).toBe(true);
  });

  it('history', async () => {
    const result = await cli(['history', '--domain', 'code-review']);
    expectClean(result, `\ntuned${VISIBLE} · agent ollama qwen3.5:4b`);
  });

  it('merge, of a results.json whose run names are hostile', async () => {
    const file = join(reports, 'results.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, variant: `merged ${HOSTILE}` }));
    const out = tempStore();
    const merge = await cli(['merge', '--pack', pack, '--out', out, file]);
    expectClean(merge, `variant merged ${VISIBLE}`);
    const history = await cli(['history', '--domain', 'code-review'], out);
    expectClean(history, `\nmerged ${VISIBLE}`);
  });
}, 180_000);
