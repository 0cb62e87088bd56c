import { spawn } from 'node:child_process';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { BIN, ROOT, runCli, SOURCE, tempStore } from './run-cli.ts';

/** The shell's code for a process a closed pipe stopped (128 + SIGPIPE), as 130 and 143 are for signals. */
const CLOSED_PIPE = 141;

interface PipedRun {
  code: number | null;
  /** What the reader took before it closed its end. */
  read: string;
  stderr: string;
}

/**
 * The CLI with its stdout piped into a reader that closes the pipe once it has read up to `until` (a first
 * line, as `| head -1` would; 'at once': before anything is written), as one node process so the pipe is
 * the CLI's own.
 */
function runPiped(args: string[], store: string, until: ((read: string) => boolean) | 'at once'): Promise<PipedRun> {
  const { OLLAMA_HOST: _host, EVALPACKS_STORE: _store, ...env } = process.env;
  const child = spawn(process.execPath, [SOURCE, '--import', 'tsx', BIN, ...args], {
    cwd: ROOT,
    env: { ...env, NO_COLOR: '1', EVALPACKS_STORE: store },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let read = '';
  let stderr = '';
  if (until === 'at once') child.stdout.destroy();
  child.stdout.on('data', (chunk: Buffer) => {
    read += chunk;
    if (until !== 'at once' && until(read)) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, read, stderr }));
  });
}

const firstLine = (read: string) => read.includes('\n');

describe('stdout piped into a reader that goes away (| head -1)', () => {
  const standIn = useOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'], latencyMs: 300 });

  it('stops the run as an interrupt does: no stack trace, results saved, the resume line on stderr', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, 'none');
    const store = tempStore();
    const piped = await runPiped(codeReviewArgs(standIn.url, '--concurrency', '1'), store, firstLine);
    expect(piped.read).toMatch(/^evalpacks · code-review · variant baseline · 3 cases\n/);
    expect(piped.stderr).toMatch(
      /^evalpacks: stdout closed \(EPIPE\): run 1 stopped with [0-2] of 3 results saved; finish it with: pnpm eval --resume 1\n$/,
    );
    expect(piped.code).toBe(CLOSED_PIPE);
    const db = EvalStore.open(store);
    const run = db.run(1);
    const saved = db.resultCount(1);
    db.close();
    expect(run?.status).toBe('interrupted');
    expect(piped.stderr).toContain(`with ${saved} of 3 results saved`);

    const resumed = await runCli(['eval', '--resume', '1', '--ollama-host', standIn.url], { EVALPACKS_STORE: store });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`resumed with ${saved} of 3 results saved`);
  }, 120_000);

  it('keeps the exit code of a run that had finished when the reader went: the run is complete', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const store = tempStore();
    // --quiet writes nothing before the summary: its first line meets the closed pipe after the run is done.
    const piped = await runPiped(
      codeReviewArgs(standIn.url, '--quiet', '--reporter', 'console,json'),
      store,
      'at once',
    );
    expect(piped.read).toBe('');
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(1);
    const db = EvalStore.open(store);
    expect(db.run(1)?.status).toBe('completed');
    expect(db.resultCount(1)).toBe(3);
    db.close();
  }, 120_000);
});
