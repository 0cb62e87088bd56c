import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ollama } from 'ollama';
import { afterEach, expect, it } from 'vitest';

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

// It starts a tsx process, which takes seconds on a loaded 2-core machine: more than vitest's default 5 s.
it('starts the stand-in from a JSON script and prints its URL', { timeout: 30_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'testkit-bin-'));
  const script = join(dir, 'rules.json');
  const rules = [
    { match: { hasFormat: true }, reply: { content: '{"pass":true}' } },
    { reply: { content: 'from a file' } },
  ];
  await writeFile(script, JSON.stringify({ models: ['tiny:1b'], rules }));

  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const bin = new URL('../src/bin.ts', import.meta.url).pathname;
  child = spawn(process.execPath, [tsx, bin, '--script', script, '--latency', '1'], { stdio: 'pipe' });
  const [firstOutput] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const url = firstOutput.toString().trim();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  const ollama = new Ollama({ host: url });
  const messages = [{ role: 'user', content: 'hi' }];
  expect((await ollama.chat({ model: 'tiny:1b', messages })).message.content).toBe('from a file');
  const judged = await ollama.chat({ model: 'tiny:1b', messages, format: { type: 'object' } });
  expect(judged.message.content).toBe('{"pass":true}');
});
