/**
 * Runs `evalpacks eval` on an agents-with-tools pack against the loopback Ollama stand-in, scripted
 * as in the end-to-end tests, so anyone can see the real output without a model:
 *   pnpm --filter @evalpacks/cli demo:tools -- support-tickets [--rogue] [eval flags]
 *   pnpm --filter @evalpacks/cli demo:tools -- tool-basics [eval flags]
 */
import { startOllamaStandIn } from '@evalpacks/testkit';
import { correctPlans, roguePlans, scriptSupportDesk } from '../test/support-tickets-script.ts';
import { scriptToolBasics } from '../test/tool-basics-script.ts';
import { runDemo } from './run-demo.ts';

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

await runDemo(standIn, [
  'eval',
  '--domain',
  domain,
  '--ollama-host',
  standIn.url,
  '--judge-model',
  'qwen3.5:0.8b',
  ...flags,
]);
