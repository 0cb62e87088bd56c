import { startOllamaStandIn } from '@evalpacks/testkit';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { closedPort } from './closed-port.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The runs a store holds, read with SQLite itself: what history, the viewer and --resume would find. */
function storedRuns(store: string): { id: number; status: string }[] {
  const db = new Database(store, { readonly: true });
  try {
    return db.prepare('SELECT id, status FROM runs ORDER BY id').all() as { id: number; status: string }[];
  } finally {
    db.close();
  }
}

const OFFLINE_HINT = 'To try evalpacks without a model, add --offline (the pack answers from its sample fixtures).';

describe('a run that cannot start (no model server)', () => {
  it('exits 2 with one line that names --offline, and leaves no run to list or resume', async () => {
    const store = tempStore();
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const failed = await runCli(['eval', '--domain', 'code-review', '--ollama-host', dead, '--store', store]);
    expect([failed.code, failed.stderr]).toEqual([
      2,
      `evalpacks: Cannot reach the Ollama server (ECONNREFUSED) at ${dead}. Fix: Start it with \`ollama serve\`, ` +
        `or point --ollama-host / OLLAMA_HOST at a running server. ${OFFLINE_HINT}\n`,
    ]);
    expect(storedRuns(store)).toEqual([]);

    const resumed = await runCli(['eval', '--resume', '--store', store]);
    expect([resumed.code, resumed.stderr]).toEqual([2, `evalpacks: no unfinished run to resume in ${store}\n`]);
    // The number is not spent either: the next run that starts is run 1.
    const offline = await runCli(['eval', '--domain', 'code-review', '--offline', '--store', store]);
    expect(offline.stdout).toMatch(/\nrun {4}1 · /);
    expect(storedRuns(store)).toEqual([{ id: 1, status: 'completed' }]);
  });

  it('names --offline too when the server is there but the model is not pulled', async () => {
    const standIn = await startOllamaStandIn({ models: ['llama3.2:1b'] });
    const store = tempStore();
    try {
      const failed = await runCli(['eval', '--domain', 'code-review', '--ollama-host', standIn.url, '--store', store]);
      expect([failed.code, failed.stderr]).toEqual([
        2,
        `evalpacks: Ollama at ${standIn.url} has no model 'qwen3.5:4b' (installed: llama3.2:1b). Fix: Pull it with ` +
          `\`ollama pull qwen3.5:4b\`, or pass --model / --judge-model with an installed one. ${OFFLINE_HINT}\n`,
      ]);
      expect(storedRuns(store)).toEqual([]);
    } finally {
      await standIn.close();
    }
  });

  it('leaves no run of either side behind for compare, whose error has no --offline to offer', async () => {
    const store = tempStore();
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const failed = await runCli([
      'compare',
      '--domain',
      'code-review',
      '--variant',
      'v2',
      '--ollama-host',
      dead,
      '--store',
      store,
    ]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^evalpacks: Cannot reach the Ollama server \(ECONNREFUSED\) at [^\n]+\n$/);
    expect(failed.stderr).not.toContain('--offline');
    expect(storedRuns(store)).toEqual([]);
  });
});
