import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRate, points } from '@evalpacks/core/report';
import { ComparisonSchema } from '@evalpacks/core/stats';
import { describe, expect, it } from 'vitest';
import { scriptV2Comparison } from './compare-script.ts';
import { junitSchemaProblems, parseJunit } from './junit-schema.ts';
import { judgedCompareArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, tempStore } from './run-cli.ts';

const standIn = useOllamaStandIn();
const ALL = ['--reporter', 'console,json,junit,markdown,html'];
const FILES = ['comparison.html', 'comparison.json', 'comparison.md', 'comparison.xml'];

const readDoc = (dir: string) => ComparisonSchema.parse(JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')));

describe('compare --reporter writes the comparison as files, from the stored grades of both sides', () => {
  it('writes json, junit, markdown and html live and with --runs, holding the figures the console printed', async () => {
    const store = tempStore();
    const live = join(store, '..', 'live');
    scriptV2Comparison(standIn);
    const first = await runCli(
      judgedCompareArgs('code-review', standIn.url, '--variant', 'v2', '--store', store, ...ALL, '--out', live),
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(readdirSync(live).sort()).toEqual(FILES);
    for (const name of FILES)
      expect(first.stdout).toContain(`report ${join(live, name)}`.replace(`${process.cwd()}/`, ''));

    const doc = readDoc(live);
    // The figures are the console's: each rate, the difference with its interval, the tests and the verdict.
    expect(doc.pack).toBe('code-review');
    expect([doc.baseline.run.id, doc.variant.run.id]).toEqual([1, 2]);
    expect([doc.baseline.run.label, doc.variant.run.label]).toEqual(['baseline', 'v2']);
    const row = (label: string, left: string, right: string) => `  ${label.padEnd(18)}${left.padEnd(40)}${right}\n`;
    const [b, v] = [doc.baseline.figures, doc.variant.figures];
    expect(first.stdout).toContain(row('recall', formatRate(b.recall), formatRate(v.recall)));
    expect(first.stdout).toContain(row('all items', formatRate(b.items), formatRate(v.items)));
    expect(first.stdout).toContain(row('false positives', formatRate(b.falsePositives), formatRate(v.falsePositives)));
    const d = doc.difference;
    expect(first.stdout).toContain(
      `  difference        ${points(d.mean)} points (95% CI ${points(d.lower ?? Number.NaN)} to ${points(d.upper ?? Number.NaN)} points;`,
    );
    expect(first.stdout).toContain(`  verdict           ${doc.verdict}\n`);
    expect(first.stdout).toContain(`(${doc.mcnemar.gained} gained, ${doc.mcnemar.lost} lost)`);
    expect(doc.verdict).toBe('no detectable difference');
    expect(doc.exitCode).toBe(0);
    // v2 catches the redelivery problem the baseline missed: one item gained in subtle-issues, nothing else.
    expect(doc.cases.map((c) => [c.caseId, c.outcome])).toEqual([
      ['basic-vulnerabilities', 'unchanged'],
      ['false-positive-bait', 'unchanged'],
      ['subtle-issues', 'improved'],
    ]);
    expect(doc.cases[2]?.changes).toEqual([
      {
        key: 'finding:missing-idempotency',
        kind: 'finding',
        label: expect.any(String),
        change: 'gained',
        words: 'now caught',
        baseline: { passed: 0, graded: 1 },
        variant: { passed: 1, graded: 1 },
      },
    ]);
    expect(first.stdout).toContain(`  now caught        ${doc.cases[2]?.changes[0]?.label} (0/1 -> 1/1)\n`);

    const xml = readFileSync(join(live, 'comparison.xml'), 'utf8');
    expect(junitSchemaProblems(xml)).toEqual([]);
    const suite = parseJunit(xml).testsuites.testsuite[0];
    expect(suite?.testcase.map((t) => t.name)).toEqual([
      'basic-vulnerabilities',
      'false-positive-bait',
      'subtle-issues [improved]',
    ]);
    expect(suite?.failures).toBe('0');

    const md = readFileSync(join(live, 'comparison.md'), 'utf8');
    expect(md.split('\n')[0]).toBe('<!-- evalpacks-compare pack=code-review base=baseline head=v2 -->');
    expect(md).toContain(`**Verdict: no detectable difference** · difference **${points(d.mean)} points**`);
    expect(md).toContain('### Cases that changed (1 of 3)');
    expect(md).toContain('<details><summary>🟢 subtle-issues:');

    const page = readFileSync(join(live, 'comparison.html'), 'utf8');
    expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain('<pre');
    expect(page).toContain('data-verdict="no detectable difference"');

    // The same comparison from the two stored runs: no model call, the same files.
    standIn.reset();
    const stored = join(store, '..', 'stored');
    const again = await runCli(['compare', '--runs', '1', '2', '--store', store, ...ALL, '--out', stored]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(standIn.calls).toHaveLength(0);
    expect(readDoc(stored)).toEqual(doc);
    for (const name of ['comparison.md', 'comparison.xml', 'comparison.html']) {
      expect(readFileSync(join(stored, name), 'utf8')).toBe(readFileSync(join(live, name), 'utf8'));
    }
    // Without --out: beside the store, named by the two runs.
    const plain = await runCli(['compare', '--runs', '1', '2', '--store', store, '--reporter', 'json']);
    expect(plain.code).toBe(0);
    expect(existsSync(join(store, '..', 'reports', 'compare-1-2', 'comparison.json'))).toBe(true);
    // No console reporter: the header, and the file's line, but not the comparison.
    expect(plain.stdout).not.toContain('verdict');
    expect(plain.stdout).toContain('comparison.json\n');
  }, 240_000);

  it('refuses an unknown reporter, an --out it cannot write, and runs of two judges: one line, exit 2, no file', async () => {
    const store = tempStore();
    const blocker = join(store, '..', 'a-file');
    writeFileSync(blocker, 'not a folder');
    const unknown = await runCli(['compare', '--runs', '1', '2', '--store', store, '--reporter', 'json,pdf']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('evalpacks: unknown --reporter "pdf" (known: console, json, junit, markdown, html)\n');

    // Refused before any model is called.
    scriptV2Comparison(standIn);
    const out = join(blocker, 'reports');
    const unwritable = await runCli(
      judgedCompareArgs('code-review', standIn.url, '--variant', 'v2', '--store', store, ...ALL, '--out', out),
    );
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toBe(`evalpacks: cannot write the compare reports to --out ${out}: ENOTDIR\n`);
    expect(standIn.calls).toHaveLength(0);

    const one = ['--ollama-host', standIn.url, '--store', store];
    expect((await runCli(['eval', '--domain', 'code-review', '--judge-model', 'judge:1b', ...one])).code).toBe(1);
    expect((await runCli(['eval', '--domain', 'code-review', '--judge-model', 'qwen3.5:4b', ...one])).code).toBe(1);
    const dir = join(store, '..', 'judges');
    const judges = await runCli(['compare', '--runs', '1', '2', '--store', store, ...ALL, '--out', dir]);
    expect(judges.code).toBe(2);
    expect(judges.stderr).toBe(
      'evalpacks: cannot compare runs 1 and 2: the judge differs: ollama judge:1b in run 1, ollama qwen3.5:4b in run 2\n',
    );
    expect(existsSync(join(dir, 'comparison.json'))).toBe(false);
  }, 240_000);
});
