/**
 * Runs `evalpacks eval --domain code-review` against the loopback Ollama stand-in, scripted as in the
 * end-to-end test, so anyone can see the real output without a model: `pnpm --filter @evalpacks/cli demo`.
 */
import { startOllamaStandIn } from '@evalpacks/testkit';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';
import { runDemo } from './run-demo.ts';

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'], latencyMs: 50 });
scriptAgent(standIn);
scriptJudge(standIn, missedFinding);
const flags = process.argv.slice(2).filter((a) => a !== '--');
await runDemo(standIn, ['eval', '--domain', 'code-review', '--ollama-host', standIn.url, ...flags]);
