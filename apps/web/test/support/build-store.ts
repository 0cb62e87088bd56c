import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { scriptModels } from './model-script.ts';
import { evalToolBasics } from './run-cli.ts';

export const tempStore = () => join(mkdtempSync(join(tmpdir(), 'evalpacks-web-')), 'evalpacks.db');

/**
 * A store of real runs made by the CLI against the Ollama stand-in: run 1 has a judge error and the
 * hostile answer; runs 1-3 pass, runs 4-6 fail every case (a sustained regression); run 7 repeats each
 * case twice under the strict prompt.
 */
export async function buildStore(): Promise<string> {
  const store = tempStore();
  const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  try {
    const plan: { mood: 'good' | 'bad'; garbledJudge?: boolean; flags?: string[] }[] = [
      { mood: 'good', garbledJudge: true },
      { mood: 'good' },
      { mood: 'good' },
      { mood: 'bad' },
      { mood: 'bad' },
      { mood: 'bad' },
      { mood: 'good', flags: ['--variant', 'strict', '--repeat', '2'] },
    ];
    for (const step of plan) {
      scriptModels(standIn, step);
      const result = await evalToolBasics(store, standIn.url, ...(step.flags ?? []));
      if (result.code === 2) throw new Error(`eval failed: ${result.stderr}`);
    }
  } finally {
    await standIn.close();
  }
  return store;
}
