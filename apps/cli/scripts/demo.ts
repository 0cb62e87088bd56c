/**
 * Runs the CLI against the loopback Ollama stand-in, scripted as in the end-to-end tests, so anyone can see
 * the real output without a model:
 *   pnpm --filter @evalpacks/cli demo                      eval of code-review; one finding missed
 *   pnpm --filter @evalpacks/cli demo -- --repeat 3        the subtle-issues reviewer explains redelivery in 2 of 3 epochs
 *   pnpm --filter @evalpacks/cli demo -- compare --variant v2   v2's reviewer explains redelivery, baseline's does not
 */
import { startOllamaStandIn } from '@evalpacks/testkit';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';
import { scriptReadingJudge, scriptSubtleReviewer, scriptV2Comparison } from '../test/compare-script.ts';
import { runDemo } from './run-demo.ts';

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'], latencyMs: 50 });
const given = process.argv.slice(2).filter((a) => a !== '--');
const command = given[0] === 'compare' ? 'compare' : 'eval';
const rest = command === 'compare' ? given.slice(1) : given;
if (command === 'compare') {
  scriptV2Comparison(standIn);
} else if (rest.includes('--repeat')) {
  scriptSubtleReviewer(standIn, (n) => n !== 2);
  scriptAgent(standIn);
  scriptReadingJudge(standIn);
} else {
  scriptAgent(standIn);
  scriptJudge(standIn, missedFinding);
}
await runDemo(standIn, [command, '--domain', 'code-review', '--ollama-host', standIn.url, ...rest]);
