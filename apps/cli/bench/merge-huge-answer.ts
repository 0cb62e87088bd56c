/**
 * Peak RSS and wall time of `merge` (the BUILT CLI) of two results.json shards of the code-review pack, one
 * of which holds a 250,000,000-character answer (a runaway model's, or a hostile file's): merge reads the
 * file a chunk at a time and keeps the answer cut to the live run's cap, so its memory does not follow
 * the file's size. Goal: under 300 MB. Checks the stored answer is cut and marked.
 *
 *   pnpm --filter @evalpacks/cli bench:merge-huge [-- --chars 250000000]
 * The script builds the CLI first (turbo, cached).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EvalStore } from '@evalpacks/store';
import { writeShardFiles } from '../test/shard-files.ts';
import { buildCli, timeBuiltCli } from './built-cli.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { chars: { type: 'string', default: '250000000' }, cases: { type: 'string', default: '200' } },
});
const chars = Number(values.chars);

buildCli();
const dir = mkdtempSync(join(tmpdir(), 'evalpacks-bench-merge-'));
const files = writeShardFiles(dir, { cases: Number(values.cases), count: 2, hugeAnswer: { caseId: 'c-1', chars } });
const out = join(dir, 'merged.db');
const size = files.map((file) => `${(statSync(file).size / 2 ** 20).toFixed(0)} MB`).join(' + ');
const timed = await timeBuiltCli(['merge', '--out', out, '--reporter', 'console', ...files], { store: false });

const store = EvalStore.openReadOnly(out);
const cut = store.caseResults(1, 'c-1')[0]?.transcript;
store.close();
console.log(`built CLI on node ${process.version}; shards ${size}, one answer of ${chars} characters`);
console.log(
  `merge  peak RSS ${(timed.peakRssKb / 1024).toFixed(0)} MB  wall ${(timed.ms / 1000).toFixed(1)} s  exit ${timed.code}`,
);
console.log(`stored answer ${cut?.answer.length} characters, answerCut ${cut?.answerCut}`);
rmSync(dir, { recursive: true, force: true });
if (timed.code !== 0 || cut?.answerCut !== chars || cut.answer.length !== 200_000) process.exitCode = 1;
