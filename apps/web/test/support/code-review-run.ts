import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { tempStore } from './build-store.ts';
import { ROOT, runCli } from './run-cli.ts';

/** The frozen copy of the pack's data the CLI's tests use (apps/cli/test/packs/README.md). */
const PACK = join(ROOT, 'apps/cli/test/packs/code-review');
/** The shipped pack, whose code the copy runs. */
const SHIPPED = join(ROOT, 'domains/code-review');

/**
 * A copy of the code-review pack without its shipped labels, so a test's labels are the only ones: the
 * shipped pack's code over the frozen test pack's cases, prompts and fixtures.
 */
export function codeReviewCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'evalpacks-web-pack-')), 'code-review');
  for (const part of ['src', 'package.json']) cpSync(join(SHIPPED, part), join(dir, part), { recursive: true });
  for (const part of ['cases', 'prompts', 'fixtures']) {
    cpSync(join(PACK, part), join(dir, part), { recursive: true });
  }
  return dir;
}

/**
 * A store with one code-review run of `pack` on the Ollama stand-in: the agent writes the pack's sample
 * reviews, the judge finds every finding caught and no bait flagged.
 */
export async function codeReviewStore(pack: string): Promise<string> {
  const store = tempStore();
  const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  try {
    for (const file of readdirSync(join(PACK, 'fixtures'))) {
      const sample = JSON.parse(readFileSync(join(PACK, 'fixtures', file), 'utf8')) as {
        input: string;
        answer: string;
      };
      standIn.script({ match: { hasFormat: false, contains: sample.input.trim() }, reply: { content: sample.answer } });
    }
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"The review calls it fine.","flagged":false}' },
    });
    standIn.script({
      match: { hasFormat: true },
      reply: { content: '{"reasoning":"The review explains the problem and its fix.","caught":true}' },
    });
    const args = ['eval', '--pack', pack, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'];
    const result = await runCli(store, args);
    if (result.code !== 0) throw new Error(`eval exited ${result.code}: ${result.stderr}${result.stdout}`);
  } finally {
    await standIn.close();
  }
  return store;
}
