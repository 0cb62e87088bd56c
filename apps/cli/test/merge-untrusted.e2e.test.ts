import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import { runCli, spawnCli } from './run-cli.ts';
import { type ShardSpec, shardRecord, writeShardFiles } from './shard-files.ts';

const fresh = (name: string) => mkdtempSync(join(tmpdir(), `evalpacks-merge-${name}-`));

/** How many runs a store file holds, read without opening it as a store (which would migrate it). */
function runCount(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The one run of a merged store, with its results. */
function mergedRun(path: string) {
  const store = EvalStore.open(path);
  try {
    const run = store.run(1);
    return { run, results: run ? store.caseResults(run.id) : [] };
  } finally {
    store.close();
  }
}

const SIX: ShardSpec = { cases: 6, count: 2, failing: (id) => id === 'c-2' };

describe('merge reads the files it joins as data, never as instructions', () => {
  it('runs no pack a shard record names; the pack comes from its own command line', async () => {
    const dir = fresh('pack');
    const hostile = join(dir, 'hostile');
    mkdirSync(hostile);
    const evil = join(hostile, 'evil.mjs');
    const marker = join(hostile, 'MARKER');
    writeFileSync(evil, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    writeFileSync(join(hostile, 'package.json'), '{"type":"module"}');
    const files = writeShardFiles(dir, { ...SIX, flags: (i) => ({ pack: evil, shard: `${i}/2` }) });

    const refused = await runCli(['merge', '--out', join(dir, 'out.db'), ...files]);
    expect(existsSync(marker)).toBe(false);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `evalpacks: shard-1.json ran the pack at ${evil} (--pack); merge runs no code a shard file names: ` +
        "give merge --pack with that pack's folder\n",
    ]);
    expect(existsSync(join(dir, 'out.db'))).toBe(false);
    // A pack name that is a path is looked up among this workspace's domains, never loaded from where it points.
    const named = writeShardFiles(fresh('named'), SIX).map((file) => {
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('"pack": "code-review"', `"pack": ${JSON.stringify(evil)}`),
      );
      return file;
    });
    const byName = await runCli(['merge', '--out', join(dir, 'out.db'), ...named]);
    expect(existsSync(marker)).toBe(false);
    expect([byName.code, byName.stderr]).toEqual([
      2,
      `evalpacks: shard-1.json is a run of pack ${evil}, no domain of this workspace: give merge --domain NAME or --pack FOLDER\n`,
    ]);

    // The pack given on merge's own command line is the one loaded, whatever the records say.
    const own = packCopy();
    const merged = await runCli(['merge', '--out', join(dir, 'out.db'), '--pack', own, ...files]);
    expect(existsSync(marker)).toBe(false);
    expect([merged.code, merged.stderr]).toEqual([1, '']);
    // The merged run records the pack merge loaded, so a later compare --runs loads that one too.
    expect(mergedRun(join(dir, 'out.db')).run?.config.flags).toEqual({ pack: own });

    const other = await runCli(['merge', '--out', join(dir, 'x.db'), '--domain', 'support-tickets', ...files]);
    expect([other.code, other.stderr]).toEqual([
      2,
      'evalpacks: shard-1.json is a run of pack code-review; --domain support-tickets is pack support-tickets\n',
    ]);
  }, 60_000);

  it('refuses shards judged with different judge prompts or checks, naming the difference', async () => {
    const dir = fresh('judge');
    const tuned = 'risen-judge-v2+code-review/judge.md@0123456789ab';
    const files = writeShardFiles(dir, {
      ...SIX,
      config: (i) => (i === 2 ? { judgePrompt: tuned, checks: '0000000000000000' } : {}),
    });
    const mixed = await runCli(['merge', '--out', join(dir, 'x.db'), ...files]);
    expect([mixed.code, mixed.stderr]).toEqual([
      2,
      'evalpacks: shard-1.json and shard-2.json are shards of different configurations: ' +
        `judge prompt: risen-judge-v2 in shard-1.json, ${tuned} in shard-2.json; ` +
        "pack checks (the code of the pack's checks differs in shard-1.json and in shard-2.json)\n",
    ]);
    expect(existsSync(join(dir, 'x.db'))).toBe(false);

    // The repeat policy grades the joined run's epochs: the shards must agree on it too.
    const policies = writeShardFiles(fresh('policy'), {
      ...SIX,
      flags: (i) => ({ domain: 'code-review', shard: `${i}/2`, ...(i === 2 && { policy: 'all' }) }),
    });
    const graded = await runCli(['merge', '--out', join(dir, 'x.db'), ...policies]);
    expect([graded.code, graded.stderr]).toEqual([
      2,
      'evalpacks: shard-1.json and shard-2.json are shards of different configurations: ' +
        '--policy: the default in shard-1.json, all in shard-2.json\n',
    ]);
  }, 60_000);

  it('takes the report folder, the reporters and the gates from its own command line only', async () => {
    const dir = fresh('flags');
    const elsewhere = join(dir, 'elsewhere');
    const files = writeShardFiles(dir, {
      ...SIX,
      flags: (i) => ({
        domain: 'code-review',
        shard: `${i}/2`,
        out: elsewhere,
        reportDir: elsewhere,
        reporter: ['json', 'junit', 'markdown'],
        minPassRate: '0',
        maxFlaky: '100',
        store: join(dir, 'other.db'),
      }),
    });
    const out = join(dir, 'merged.db');
    const result = await runCli(['merge', '--out', out, '--reporter', 'console', ...files]);
    expect(result.stderr).toBe('');
    // One case failed and no gate was given on merge's command line: exit 1.
    expect(result.code).toBe(1);
    expect(result.stdout).not.toMatch(/^report /m);
    expect(existsSync(elsewhere)).toBe(false);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
    expect(existsSync(join(dir, 'other.db'))).toBe(false);
    // What the merged run keeps of the shards' flags is the run's settings, nothing of where to write.
    expect(mergedRun(out).run?.config.flags).toEqual({ domain: 'code-review' });

    const reports = join(dir, 'mine');
    const gated = await runCli([
      'merge',
      '--out',
      join(dir, 'gated.db'),
      '--min-pass-rate',
      '0.8',
      '--reporter',
      'json',
      '--report-dir',
      reports,
      ...files,
    ]);
    expect([gated.code, gated.stderr]).toEqual([0, '']);
    expect(readdirSync(reports)).toEqual(['results.json']);
    expect(existsSync(elsewhere)).toBe(false);
  }, 60_000);

  it('refuses a record with a field missing or of the wrong type, naming the file and the field', async () => {
    const dir = fresh('record');
    const [good, second] = writeShardFiles(dir, SIX) as [string, string];
    const json = JSON.parse(readFileSync(good, 'utf8'));
    const noCases = join(dir, 'no-cases.json');
    const { cases: _cases, ...config } = json.record.config;
    writeFileSync(noCases, JSON.stringify({ ...json, record: { ...json.record, config } }));
    const missing = await runCli(['merge', '--out', join(dir, 'x.db'), noCases, second]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(new RegExp(`^evalpacks: ${noCases}: record\\.config\\.cases: missing\\n$`));

    const nullFlags = join(dir, 'null-flags.json');
    writeFileSync(
      nullFlags,
      JSON.stringify({ ...json, record: { ...json.record, config: { ...json.record.config, flags: null } } }),
    );
    const flags = await runCli(['merge', '--out', join(dir, 'x.db'), nullFlags, second]);
    expect(flags.code).toBe(2);
    expect(flags.stderr).toMatch(new RegExp(`^evalpacks: ${nullFlags}: record\\.config\\.flags: [^\\n]*null\\n$`));

    // A store's run is as untrusted as a results file: the same checks, naming the run.
    const store = join(dir, 'shard-1.db');
    const db = EvalStore.open(store);
    const { kind, promptHash, epochs, offline, shard } = shardRecord(1, SIX);
    db.beginRun({
      kind: kind as 'eval',
      pack: 'code-review',
      variant: 'baseline',
      promptHash,
      agent: { backend: 'ollama', model: 'qwen3.5:4b' },
      epochs,
      offline,
      shard,
      config: { ...json.record.config, flags: null },
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    db.setRunStatus(1, 'completed', '2026-01-01T00:01:00.000Z');
    db.close();
    const fromStore = await runCli(['merge', '--out', join(dir, 'x.db'), store, second]);
    expect(fromStore.code).toBe(2);
    expect(fromStore.stderr).toMatch(new RegExp(`^evalpacks: ${store}: run 1: config\\.flags: [^\\n]*null\\n$`));
  }, 60_000);
});

describe('merge bounds what it reads and stores', () => {
  it("cuts an answer to the live run's cap, marked as cut, from a results file and from a store", async () => {
    const dir = fresh('cap');
    const long = (id: string) => (id === 'c-1' ? 'a'.repeat(300_000) : `answer of ${id}`);
    const files = writeShardFiles(dir, {
      ...SIX,
      answer: long,
      // Any other text is kept to the same length, with a note saying so.
      result: (result) =>
        result.case.id === 'c-4'
          ? { ...result, checks: result.checks.map((check) => ({ ...check, detail: 'd'.repeat(250_000) })) }
          : result,
    });
    const out = join(dir, 'merged.db');
    const merged = await runCli(['merge', '--out', out, ...files]);
    expect([merged.code, merged.stderr]).toEqual([1, '']);
    const { results } = mergedRun(out);
    const byId = new Map(results.map((result) => [result.case.id, result]));
    const cut = byId.get('c-1')?.transcript;
    expect([cut?.answer, cut?.answerCut]).toEqual(['a'.repeat(200_000), 300_000]);
    expect(byId.get('c-0')?.transcript.answerCut).toBeUndefined();
    expect(byId.get('c-4')?.checks[0]?.detail).toBe(
      `${'d'.repeat(200_000)}\n[evalpacks cut this text here: 50000 of its 250000 characters are not kept]`,
    );

    // The same shard from a store: a store file from a CI job is as untrusted as its results.json.
    const store = join(dir, 'shard-1.db');
    const db = EvalStore.open(store);
    const written = JSON.parse(readFileSync(files[0] as string, 'utf8'));
    const { cases, runId: _runId, record: meta, finishedAt, ...run } = written;
    db.beginRun({ ...run, ...meta, startedAt: run.startedAt });
    for (const result of cases as CaseResult[]) db.saveCaseResult(1, result);
    db.setRunStatus(1, 'completed', finishedAt);
    db.close();
    const fromStore = join(dir, 'from-store.db');
    const mixed = await runCli(['merge', '--out', fromStore, store, files[1] as string]);
    expect([mixed.code, mixed.stderr]).toEqual([1, '']);
    expect(mergedRun(fromStore).results.map((result) => result.transcript.answer.length)).toEqual(
      results.map((result) => result.transcript.answer.length),
    );
  }, 60_000);

  it('refuses a results file whose results come before its record, and one nested without end', async () => {
    const dir = fresh('order');
    const [first, second] = writeShardFiles(dir, SIX) as [string, string];
    const { record, cases, ...run } = JSON.parse(readFileSync(first, 'utf8'));
    const reordered = join(dir, 'reordered.json');
    writeFileSync(reordered, JSON.stringify({ ...run, cases, record }));
    const late = await runCli(['merge', '--out', join(dir, 'x.db'), reordered, second]);
    expect([late.code, late.stderr]).toEqual([
      2,
      `evalpacks: ${reordered}: its results come before its run record; evalpacks writes the record first\n`,
    ]);

    // A result twice: which one would be the shard's?
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify({ record, ...run, cases: [cases[0], ...cases] }));
    const doubled = await runCli(['merge', '--out', join(dir, 'x.db'), twice, second]);
    expect([doubled.code, doubled.stderr]).toEqual([
      2,
      `evalpacks: ${twice}: holds two results of ${cases[0].case.id} (epoch 0)\n`,
    ]);

    const deep = join(dir, 'deep.json');
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = JSON.stringify({ runId: '1', record }).slice(0, -1);
    writeFileSync(deep, `${text},"cases":[{"case":${nested}}]}`);
    const tooDeep = await runCli(['merge', '--out', join(dir, 'x.db'), deep, second]);
    expect(tooDeep.code).toBe(2);
    expect(tooDeep.stderr).toMatch(
      new RegExp(`^evalpacks: ${deep}: not a results file: nested deeper than 64 at line 1\\n$`),
    );
  }, 60_000);
});

describe('an interrupted merge', () => {
  it('leaves no run on SIGTERM, and merging again records exactly one', async () => {
    const dir = fresh('signal');
    // Two shards of 2,500 results each, 5 KB an answer: seconds of writing, so the signal lands mid-write.
    const files = writeShardFiles(dir, { cases: 5000, count: 2, answer: (id) => `${id} `.repeat(700) });
    const out = join(dir, 'merged.db');
    const cli = spawnCli(['merge', '--out', out, '--reporter', 'console', ...files]);
    // Once the store's write-ahead log has grown by a few MB, the merge is writing results.
    const wal = `${out}-wal`;
    const deadline = Date.now() + 120_000;
    while (!(existsSync(wal) && statSync(wal).size > 4_000_000) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cli.child.kill('SIGTERM');
    const stopped = await cli.done;
    expect([stopped.code, stopped.stderr]).toEqual([
      143,
      `evalpacks: SIGTERM: merge stopped; nothing was recorded in ${out}\n`,
    ]);
    expect(runCount(out)).toBe(0);

    const again = await runCli(['merge', '--out', out, '--reporter', 'console', ...files]);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(runCount(out)).toBe(1);
    const { run, results } = mergedRun(out);
    expect([run?.status, results.length]).toEqual(['completed', 5000]);
  }, 240_000);
});
