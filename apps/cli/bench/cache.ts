/**
 * Measures what the call cache saves: one run of N code-review cases against the Ollama stand-in with a
 * fixed latency, then the same run again, answered from the cache. Prints wall times and call counts.
 *   pnpm --filter @evalpacks/cli bench:cache -- [cases=200] [latencyMs=200] [concurrency=16]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { cases } from '../test/code-review-script.ts';

const [count = 200, latencyMs = 200, concurrency = 16] = process.argv
  .slice(2)
  .filter((arg) => arg !== '--')
  .map(Number);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evalpacks-bench-'));
const base = cases.find((testCase) => testCase.id === 'false-positive-bait');
if (!base) throw new Error('no false-positive-bait case');
const casesFile = join(dir, 'cases.jsonl');
const lines = Array.from({ length: count }, (_, i) =>
  JSON.stringify({ ...base, id: `bench-${i}`, input: `${base.input}\n// variant ${i}\n` }),
);
writeFileSync(casesFile, `${lines.join('\n')}\n`);

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'], latencyMs });
standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"Not flagged.","flagged":false}' } });
// The pack's own clean review of the bait case: it passes the structural checks, so every case is judged.
const review = readFileSync(
  new URL('../../../domains/code-review/test/samples/false-positive-bait.review.md', import.meta.url),
  'utf8',
);
standIn.script({ reply: { content: review } });

async function timedRun(): Promise<{ seconds: number; calls: number; code: number | null }> {
  const before = standIn.calls.length;
  const started = performance.now();
  const args = ['eval', '--domain', 'code-review', '--test-case', casesFile, '--ollama-host', standIn.url];
  const child = spawn(
    process.execPath,
    [
      '--conditions=@evalpacks/source',
      '--import',
      'tsx',
      `${root}apps/cli/src/bin.ts`,
      ...args,
      '--judge-model',
      'judge:1b',
      '--concurrency',
      String(concurrency),
      '--reporter',
      'json',
      '--out',
      dir,
      '--store',
      join(dir, 'evalpacks.db'),
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const [code] = (await once(child, 'close')) as [number | null];
  return { seconds: (performance.now() - started) / 1000, calls: standIn.calls.length - before, code };
}

const first = await timedRun();
const second = await timedRun();
await standIn.close();
const calls = count * 4; // one agent call and three judge calls per case
const limit = (Math.ceil(calls / concurrency) * latencyMs) / 1000;
console.log(`${count} cases, ${calls} model calls, latency ${latencyMs} ms, concurrency ${concurrency}`);
console.log(`floor ceil(N/C) x L      ${limit.toFixed(2)} s`);
console.log(
  `first run                ${first.seconds.toFixed(2)} s, ${first.calls} requests to the server, exit ${first.code}`,
);
console.log(
  `unchanged re-run         ${second.seconds.toFixed(2)} s, ${second.calls} requests to the server, exit ${second.code}`,
);
