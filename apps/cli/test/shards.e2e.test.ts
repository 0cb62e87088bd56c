import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, summaryOf, tempStore } from './run-cli.ts';
import { roguePlans, scriptSupportDesk } from './support-tickets-script.ts';

/** A run's JSON result without what depends on the clock: start and finish times, latencies, the run id. */
function untimed(json: string): unknown {
  return JSON.parse(json, (key, value) =>
    ['startedAt', 'finishedAt', 'latencyMs', 'runId'].includes(key) ? undefined : value,
  );
}

/** JUnit without the clock: testcase and suite times, the timestamp, the run's id and host. */
function untimedXml(xml: string): string {
  return xml
    .replace(/ time="[^"]*"/g, '')
    .replace(/ timestamp="[^"]*"/g, '')
    .replace(/ hostname="[^"]*"/g, '')
    .replace(/<property name="run" value="\d+"\/>/g, '');
}

const withoutCallsRow = (summary: string) =>
  summary
    .split('\n')
    .filter((line) => !line.startsWith('  model calls'))
    .join('\n');

describe('eval --shard I/N and merge', () => {
  let standIn: OllamaStandIn;
  const dir = join(tempStore(), '..');
  const whole = join(dir, 'whole.db');
  const shardDb = (i: number) => join(dir, `shard-${i}.db`);
  const merged = join(dir, 'merged.db');
  const evalArgs = (store: string, ...extra: string[]) => [
    'eval',
    '--domain',
    'support-tickets',
    '--ollama-host',
    standIn.url,
    '--judge-model',
    'judge:1b',
    '--store',
    store,
    '--reporter',
    'console,json,junit',
    ...extra,
  ];
  const shardRuns: Awaited<ReturnType<typeof runCli>>[] = [];
  let unsharded: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    // An agent that gets some scenarios wrong, so the merged run has failures to carry over.
    scriptSupportDesk(standIn, roguePlans());
    unsharded = await runCli(evalArgs(whole, '--out', join(dir, 'whole')));
    for (const i of [1, 2, 3, 4]) {
      shardRuns.push(await runCli(evalArgs(shardDb(i), '--shard', `${i}/4`, '--out', join(dir, `shard-${i}`))));
    }
  }, 120_000);
  afterAll(() => standIn.close());

  it('runs each case in exactly one shard, and says which shard a run is', () => {
    expect(unsharded.code).toBe(1);
    const ran = shardRuns.map((r) => [...r.stdout.matchAll(/^━━ (\S+) /gm)].map((m) => m[1]));
    expect(ran.flat().sort()).toEqual([...unsharded.stdout.matchAll(/^━━ (\S+) /gm)].map((m) => m[1]).sort());
    expect(ran.every((ids) => ids.length > 0 && ids.length < 14)).toBe(true);
    expect(shardRuns[1]?.stdout).toMatch(/^run {4}1 · shard 2\/4 of 14 cases · .*shard-2\.db$/m);
    expect(shardRuns[1]?.stdout).toContain(`· ${ran[1]?.length} cases\n`);
    const store = EvalStore.open(shardDb(2));
    expect(store.run(1)?.shard).toEqual({ index: 2, count: 4 });
    store.close();
  });

  it('merges the four shards into the run an unsharded invocation records', async () => {
    const files = [3, 1, 4, 2].map(shardDb);
    const result = await runCli(['merge', '--out', merged, '--reporter', 'console,json,junit', ...files]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(unsharded.code);
    expect(result.stdout).toMatch(/^evalpacks · support-tickets · variant baseline · 4 shards joined · 14 cases\n/);
    expect(summaryOf(result.stdout).replace(/\nreport .*/g, '')).toBe(
      withoutCallsRow(summaryOf(unsharded.stdout)).replace(/\nreport .*/g, ''),
    );

    const report = (base: string, name: string) => readFileSync(join(base, name), 'utf8');
    const mergedReports = join(merged, '..', 'reports', 'run-1');
    expect(untimed(report(mergedReports, 'results.json'))).toEqual(untimed(report(join(dir, 'whole'), 'results.json')));
    expect(untimedXml(report(mergedReports, 'junit.xml'))).toBe(untimedXml(report(join(dir, 'whole'), 'junit.xml')));

    // History and the viewer read the store: the merged run is one completed run with the same outcomes.
    const [wholeStore, mergedStore] = [EvalStore.open(whole), EvalStore.open(merged)];
    const outcome = (store: EvalStore) =>
      store
        .runOutcomes('support-tickets')
        .map(({ passed, total, status, shard, epochs }) => ({ passed, total, status, shard, epochs }));
    expect(outcome(mergedStore)).toEqual(outcome(wholeStore));
    // Stored in completion order: compare them by case, apart from latencies.
    const stored = (store: EvalStore) =>
      store
        .caseResults(1)
        .map((r) => untimed(JSON.stringify(r)) as { case: { id: string } })
        .sort((a, b) => a.case.id.localeCompare(b.case.id));
    expect(stored(mergedStore)).toEqual(stored(wholeStore));
    wholeStore.close();
    mergedStore.close();
  });

  it('merges the shards from their results.json files as from their stores', async () => {
    const files = [2, 4, 1, 3].map((i) => join(dir, `shard-${i}`, 'results.json'));
    const fromJson = join(dir, 'from-json.db');
    const result = await runCli(['merge', '--out', fromJson, '--reporter', 'console,json,junit', ...files]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(unsharded.code);
    expect(summaryOf(result.stdout).replace(/\nreport .*/g, '')).toBe(
      withoutCallsRow(summaryOf(unsharded.stdout)).replace(/\nreport .*/g, ''),
    );
    const report = (base: string, name: string) => readFileSync(join(base, name), 'utf8');
    const reports = join(fromJson, '..', 'reports', 'run-1');
    expect(untimed(report(reports, 'results.json'))).toEqual(untimed(report(join(dir, 'whole'), 'results.json')));
    expect(untimedXml(report(reports, 'junit.xml'))).toBe(untimedXml(report(join(dir, 'whole'), 'junit.xml')));
    const json = JSON.parse(report(join(dir, 'shard-2'), 'results.json'));
    expect(json.record.shard).toEqual({ index: 2, count: 4 });
    expect(JSON.parse(report(reports, 'results.json')).record.shard).toBeUndefined();

    // A store and results files mix; a missing shard is named as from stores.
    const mixed = await runCli(['merge', '--out', join(dir, 'mix.db'), shardDb(3), ...files.slice(0, 3)]);
    expect([mixed.code, mixed.stderr]).toEqual([unsharded.code, '']);
    const short = await runCli(['merge', '--out', join(dir, 'x.db'), ...files.slice(0, 3)]);
    expect([short.code, short.stderr]).toEqual([2, 'evalpacks: shard 3/4 missing: merge needs all 4\n']);
  });

  it('refuses a results.json without a record or with a wrong field, naming the file and the field', async () => {
    const shard1 = JSON.parse(readFileSync(join(dir, 'shard-1', 'results.json'), 'utf8'));
    const old = join(dir, 'old.json');
    const { record: _record, ...withoutRecord } = shard1;
    writeFileSync(old, JSON.stringify(withoutRecord));
    const noRecord = await runCli(['merge', '--out', join(dir, 'x.db'), old]);
    expect([noRecord.code, noRecord.stderr]).toEqual([
      2,
      `evalpacks: ${old}: this results.json has no run record (written before merge could read results files); merge the shards' store files\n`,
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...shard1, record: { ...shard1.record, epochs: 'two' } }));
    const wrong = await runCli(['merge', '--out', join(dir, 'x.db'), bad]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.startsWith(`evalpacks: ${bad}: record.epochs: `)).toBe(true);
    expect(wrong.stderr).toMatch(/number/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"runId": ');
    const notJson = await runCli(['merge', '--out', join(dir, 'x.db'), broken]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr.startsWith(`evalpacks: ${broken}: not a results file: `)).toBe(true);
  });

  it('refuses a missing or doubled shard, and shards of different configurations, naming the difference', async () => {
    const missing = await runCli(['merge', '--out', join(dir, 'x.db'), shardDb(1), shardDb(2), shardDb(4)]);
    expect([missing.code, missing.stderr]).toEqual([2, 'evalpacks: shard 3/4 missing: merge needs all 4\n']);
    const doubled = await runCli(['merge', '--out', join(dir, 'x.db'), shardDb(1), shardDb(1), shardDb(3), shardDb(4)]);
    expect(doubled.stderr).toBe('evalpacks: shard-1.db and shard-1.db both hold shard 1/4\n');

    const other = join(dir, 'other-3.db');
    const otherRun = await runCli(evalArgs(other, '--shard', '3/4', '--max-turns', '4', '--variant', 'v2'));
    expect(otherRun.stderr).toBe('');
    const mixed = await runCli(['merge', '--out', join(dir, 'x.db'), shardDb(1), shardDb(2), other, shardDb(4)]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toBe(
      'evalpacks: shard-1.db and other-3.db are shards of different configurations: variant: baseline in shard-1.db, v2 in other-3.db; prompt text (the v2 prompt differs in shard-1.db and in other-3.db); --max-turns: 6 in shard-1.db, 4 in other-3.db\n',
    );
  }, 60_000);
});
