/**
 * Start-up cost: from spawning `evalpacks eval` to its first model request reaching the server (target
 * under one second, architecture.md). Backends are imported lazily, after options and pack loading.
 *
 *   pnpm --filter @evalpacks/cli bench:startup [-- --runs 5]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startOllamaStandIn } from '@evalpacks/testkit';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { runs: { type: 'string', default: '5' } },
});
const root = fileURLToPath(new URL('../../../', import.meta.url));
const standIn = await startOllamaStandIn();
standIn.script({ reply: { content: 'no findings' } });

const firstRequest: number[] = [];
const firstChat: number[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  standIn.reset();
  standIn.script({ reply: { content: 'no findings' } });
  const spawnedAt = Date.now();
  const child = spawn(
    `${root}node_modules/.bin/tsx`,
    [
      '--conditions=@evalpacks/source',
      `${root}apps/cli/src/bin.ts`,
      'eval',
      '--domain',
      'code-review',
      '--structural-only',
      '--ollama-host',
      standIn.url,
      // A fresh store each time: a cached re-run would make no request at all.
      '--store',
      join(mkdtempSync(join(tmpdir(), 'evalpacks-startup-')), 'evalpacks.db'),
    ],
    { cwd: root, stdio: 'ignore' },
  );
  await once(child, 'close');
  const [first] = standIn.calls;
  const chat = standIn.chatCalls()[0];
  if (first) firstRequest.push(first.at - spawnedAt);
  if (chat) firstChat.push(chat.at - spawnedAt);
}
await standIn.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
console.log(`runs ${values.runs}: spawn -> first request (preflight) median ${median(firstRequest)} ms`);
console.log(`runs ${values.runs}: spawn -> first agent model call median ${median(firstChat)} ms`);
