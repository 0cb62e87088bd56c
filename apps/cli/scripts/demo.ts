/**
 * Runs `evalpacks eval --domain code-review` against the loopback Ollama stand-in, scripted as in the
 * end-to-end test, so anyone can see the real output without a model: `pnpm --filter @evalpacks/cli demo`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'], latencyMs: 50 });
scriptAgent(standIn);
scriptJudge(standIn, missedFinding);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const args = [
  'eval',
  '--domain',
  'code-review',
  '--ollama-host',
  standIn.url,
  ...process.argv.slice(2).filter((a) => a !== '--'),
];
// Asynchronous on purpose: the stand-in answers from this process's event loop.
const child = spawn(`${root}node_modules/.bin/tsx`, [`${root}apps/cli/src/bin.ts`, ...args], {
  cwd: root,
  stdio: 'inherit',
});
const [code] = (await once(child, 'close')) as [number | null];
await standIn.close();
process.exitCode = code ?? 2;
