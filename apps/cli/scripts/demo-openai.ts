/**
 * Runs `evalpacks eval --backend openai` against the loopback OpenAI-compatible stand-in (what vLLM,
 * SGLang, llama.cpp's server or LM Studio serve), playing the end-to-end tests' scripts, so anyone can
 * see the real output without a model server:
 *   pnpm --filter @evalpacks/cli demo:openai                          code-review; one finding missed
 *   pnpm --filter @evalpacks/cli demo:openai -- support-tickets       a tool-calling agent that refunds without a lookup
 *   pnpm --filter @evalpacks/cli demo:openai -- code-review --quota 2 a server that allows 2 calls a second
 */
import { startOpenAIStandIn } from '@evalpacks/testkit';
import { missedFinding, scriptAgent, scriptJudge } from '../test/code-review-script.ts';
import { openAIPlaysOllamaScripts } from '../test/openai-plays-ollama-scripts.ts';
import { roguePlans, scriptSupportDesk } from '../test/support-tickets-script.ts';
import { runDemo } from './run-demo.ts';

const given = process.argv.slice(2).filter((a) => a !== '--');
const at = given.indexOf('--quota');
const perSecond = at >= 0 ? Number(given[at + 1]) : undefined;
const [domain = 'code-review', ...flags] = at >= 0 ? [...given.slice(0, at), ...given.slice(at + 2)] : given;
const quota = perSecond === undefined ? {} : { quota: { perSecond } };
const server = await startOpenAIStandIn({ models: ['qwen3.5-4b', 'qwen3.5-0.8b'], latencyMs: 50, ...quota });
const script = openAIPlaysOllamaScripts(server);
if (domain === 'support-tickets') scriptSupportDesk(script, roguePlans());
else {
  scriptAgent(script);
  scriptJudge(script, missedFinding);
}
await runDemo(server, [
  'eval',
  '--domain',
  domain,
  '--backend',
  'openai',
  '--base-url',
  server.baseURL,
  '--model',
  'qwen3.5-4b',
  '--judge-model',
  'qwen3.5-0.8b',
  ...flags,
]);
