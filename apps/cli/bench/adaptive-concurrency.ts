/**
 * Adaptive concurrency against a rate-limited server: an OpenAI-compatible stand-in with a token-bucket
 * quota (429 with retry-after when empty), the real runner, Strands agent and openai client. Prints the
 * throughput reached against the quota (the goal: within 90%), the failed cases (the goal: 0) and the
 * concurrency the pool settled at. `--fixed` runs the same work with the pool held at --concurrency.
 *
 *   pnpm --filter @evalpacks/cli bench:adaptive [-- --cases 400 --quota 20 --concurrency 16 --latency 200 --fixed]
 */
import { parseArgs } from 'node:util';
import codeReview from '@evalpacks/code-review';
import { loadPackCases, loadPackVariant } from '@evalpacks/core';
import { AdaptiveConcurrency, collectRun } from '@evalpacks/core/runner';
import { createOpenAIAgent } from '@evalpacks/models/openai';
import { startOpenAIStandIn } from '@evalpacks/testkit';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '400' },
    quota: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    latency: { type: 'string', default: '200' },
    fixed: { type: 'boolean', default: false },
  },
});
const n = Number(values.cases);
const perSecond = Number(values.quota);
const concurrency = Number(values.concurrency);

const server = await startOpenAIStandIn({ quota: { perSecond }, latencyMs: Number(values.latency) });
server.script({
  reply: { content: '| Finding | Severity |\n|---|---|\n| x | high |\n\n**Total: 0 critical, 1 high**' },
});

const [template] = await loadPackCases(codeReview);
if (!template) throw new Error('code-review has no cases');
const cases = Array.from({ length: n }, (_, i) => ({
  ...template,
  id: `case-${i}`,
  expectedFindings: [],
  expectedAbsent: [],
}));
const variant = await loadPackVariant(codeReview);
const pace = values.fixed ? undefined : new AdaptiveConcurrency(concurrency);
const agent = createOpenAIAgent({
  baseURL: server.baseURL,
  model: 'qwen3.5-4b',
  timeoutMs: 60_000,
  // Enough attempts that a throttled call is retried rather than failed, as a long CI run would want.
  retry: { maxAttempts: 50 },
  ...(pace && { signals: pace }),
});
const run = (batch: typeof cases) =>
  collectRun({ pack: codeReview, variant, cases: batch, agent, concurrency, ...(pace && { adaptive: pace }) });
// One case first, untimed: the Strands SDK loads lazily on the first agent run.
await run(cases.slice(0, 1));

const started = performance.now();
const result = await run(cases);
const seconds = (performance.now() - started) / 1000;
await server.close();

const failed = result.cases.filter((c) => c.transcript.error).length;
const throughput = (result.cases.length - failed) / seconds;
const throttled = server.calls.filter((call) => call.status === 429).length;
const report = pace?.report();
console.log(
  `cases ${result.cases.length}, quota ${perSecond} calls/s, latency ${values.latency} ms, ceiling ${concurrency}${values.fixed ? ' (fixed pool)' : ''}`,
);
// The bucket starts full (burst = perSecond), so the quota admits that many calls on top of the rate.
const admitted = perSecond + perSecond * seconds;
console.log(
  `throughput ${throughput.toFixed(2)} calls/s = ${((throughput / perSecond) * 100).toFixed(1)}% of the quota rate; ` +
    `${result.cases.length - failed} of the ${Math.floor(admitted)} calls the quota admitted in ${seconds.toFixed(1)} s (${(((result.cases.length - failed) / admitted) * 100).toFixed(1)}%)`,
);
console.log(
  `failed cases ${failed}, 429 responses ${throttled}, peak calls in flight at the server ${server.peakInFlight}`,
);
if (report) {
  console.log(`concurrency reached ${report.final} at the end of ${report.ceiling} (lowest ${report.lowest})`);
}
