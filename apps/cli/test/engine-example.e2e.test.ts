import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { scriptReadingJudge, scriptSubtleReviewer } from './compare-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, run, tempStore } from './run-cli.ts';

const CLI = `${ROOT}apps/cli`;
const EXAMPLE = readFileSync(`${CLI}/test/examples/pack-in-vitest.test.ts`, 'utf8');

const DOC = readFileSync(`${ROOT}docs/engine-api.md`, 'utf8');

/** The failure the docs show after "On a regression vitest prints", its store path as `store`. */
function shownFailure(store: string): string[] {
  const block = /On a regression vitest prints[^\n]*\n```\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';
  return block
    .replace(/\/tmp\/evalpacks-cli-\w+\/evalpacks\.db/, store)
    .trimEnd()
    .split('\n');
}

/** The docs' example run by vitest as a user runs it, with OLLAMA_HOST at the stand-in. */
async function runExample(ollamaHost: string) {
  const store = tempStore();
  const result = await run(`${ROOT}node_modules/.bin/vitest`, ['run', '--config', 'test/examples/vitest.config.ts'], {
    cwd: CLI,
    env: { OLLAMA_HOST: ollamaHost, EVALPACKS_STORE: store },
  });
  return { ...result, store };
}

describe('the engine API example in docs/engine-api.md', () => {
  const standIn = useOllamaStandIn({ models: ['qwen3.5:4b'] });

  it('is the example file, verbatim', () => {
    expect(DOC).toContain(`\`\`\`ts\n${EXAMPLE}\`\`\`\n`);
  });

  it('passes when the agent catches every finding', async () => {
    scriptSubtleReviewer(standIn, () => true);
    scriptAgent(standIn);
    scriptReadingJudge(standIn);
    const result = await runExample(standIn.url);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests +1 passed \(1\)/);
  });

  it('fails on a regression, naming the case and why', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const result = await runExample(standIn.url);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Tests +1 failed \(1\)/);
    // What the docs show it prints, line for line.
    const lines = shownFailure(result.store);
    expect(lines).toHaveLength(4);
    const output = (result.stdout + result.stderr).split('\n').map((line) => line.trim());
    expect(lines.filter((line) => !output.includes(line.trim()))).toEqual([]);
  });
});
