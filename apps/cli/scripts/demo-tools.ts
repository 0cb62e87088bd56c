/**
 * Runs `evalpacks eval` on an agents-with-tools pack against the loopback Ollama stand-in, scripted
 * as in the end-to-end tests, so anyone can see the real output without a model:
 *   pnpm --filter @evalpacks/cli demo:tools -- support-tickets [--rogue] [eval flags]
 *   pnpm --filter @evalpacks/cli demo:tools -- tool-basics [eval flags]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { correctPlans, roguePlans, scriptSupportDesk } from '../test/support-tickets-script.ts';
import { scriptToolBasics } from '../test/tool-basics-script.ts';

const [domain, ...rest] = process.argv.slice(2).filter((a) => a !== '--');
const rogue = rest.includes('--rogue');
const flags = rest.filter((a) => a !== '--rogue');
if (domain !== 'support-tickets' && domain !== 'tool-basics') {
  process.stderr.write('usage: demo:tools -- support-tickets [--rogue] | tool-basics  [eval flags]\n');
  process.exit(2);
}

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'], latencyMs: 50 });
if (domain === 'support-tickets') scriptSupportDesk(standIn, rogue ? roguePlans() : correctPlans);
else scriptToolBasics(standIn);

const root = fileURLToPath(new URL('../../../', import.meta.url));
const args = ['eval', '--domain', domain, '--ollama-host', standIn.url, '--judge-model', 'qwen3.5:0.8b', ...flags];
// Asynchronous on purpose: the stand-in answers from this process's event loop.
const child = spawn(`${root}node_modules/.bin/tsx`, [`${root}apps/cli/src/bin.ts`, ...args], {
  cwd: root,
  stdio: 'inherit',
});
const [code] = (await once(child, 'close')) as [number | null];
await standIn.close();
process.exitCode = code ?? 2;
