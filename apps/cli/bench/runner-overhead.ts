/**
 * How much the harness adds on top of the model server. With N model calls, concurrency C and a fixed
 * per-call latency L, nothing can beat ceil(N/C) x L; the target is within 1.10x at 200 cases and 1.05x at
 * 1,000 (architecture.md). Runs the real runner, the real Strands agent and ollama client, and the
 * code-review pack's checks against the loopback stand-in, and prints the figures.
 *
 *   pnpm --filter @evalpacks/cli bench [-- --cases 200 --concurrency 16 --latency 200 --judge]
 */
import { parseArgs } from 'node:util';
import codeReview from '@evalpacks/code-review';
import { loadPackVariant } from '@evalpacks/core';
import { runPack } from '@evalpacks/core/runner';
import { createOllamaAgent, createOllamaJudge, OllamaHosts } from '@evalpacks/models';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { benchCases, scriptShortReviewer } from './in-process-cases.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
    latency: { type: 'string', default: '200' },
    judge: { type: 'boolean', default: false },
  },
});
const n = Number(values.cases);
const concurrency = Number(values.concurrency);
const latencyMs = Number(values.latency);

const standIn = await startOllamaStandIn({ latencyMs });
scriptShortReviewer(standIn);
const cases = await benchCases(n, values.judge);
const options = { hosts: OllamaHosts.of({ host: standIn.url, timeoutMs: 60_000 }), model: 'qwen3.5:4b' };

const variant = await loadPackVariant(codeReview);
const agent = createOllamaAgent(options);
const judge = values.judge ? createOllamaJudge(options) : undefined;
const run = (batch: typeof cases) =>
  runPack({ pack: codeReview, variant, cases: batch, agent, judge, concurrency, judgeAlways: true });
// One case first, untimed: the Strands SDK loads lazily on the first agent run, a start-up cost that
// bench:startup measures; this script measures what the harness adds per call.
await run(cases.slice(0, 1));
const warmUpCalls = standIn.chatCalls().length;

const started = performance.now();
const result = await run(cases);
const elapsed = performance.now() - started;
await standIn.close();

const calls = standIn.chatCalls().length - warmUpCalls;
const bound = Math.ceil(calls / concurrency) * latencyMs;
console.log(`cases ${result.cases.length}, model calls ${calls}, concurrency ${concurrency}, latency ${latencyMs} ms`);
console.log(
  `elapsed ${Math.round(elapsed)} ms, lower bound ceil(N/C) x L = ${bound} ms, ratio ${(elapsed / bound).toFixed(3)}`,
);
