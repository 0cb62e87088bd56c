/**
 * What several Ollama servers buy: N cases over H stand-ins at --concurrency C each, per-call latency L, the
 * last host `--slow` times slower, and optionally one host closed `--kill-after` ms into the run (its
 * sockets cut, as a crashed `ollama serve`). Prints the wall time against the bound ceil(N / (H x C)) x L
 * and what each host served. Runs the real runner, Strands agent and ollama client against the stand-ins.
 *
 *   pnpm --filter @evalpacks/cli bench:hosts [-- --cases 120 --hosts 3 --concurrency 2 --latency 200 --slow 4 --kill-after 1000]
 */
import { parseArgs } from 'node:util';
import codeReview from '@evalpacks/code-review';
import { loadPackVariant } from '@evalpacks/core';
import { runPack } from '@evalpacks/core/runner';
import { createOllamaAgent, OllamaHost, OllamaHosts } from '@evalpacks/models';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { benchCases, scriptShortReviewer } from './in-process-cases.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '120' },
    hosts: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '2' },
    latency: { type: 'string', default: '200' },
    slow: { type: 'string', default: '1' },
    'kill-after': { type: 'string' },
  },
});
const [n, count, perHost, latencyMs, slow] = ['cases', 'hosts', 'concurrency', 'latency', 'slow'].map((key) =>
  Number(values[key as keyof typeof values]),
) as [number, number, number, number, number];

const standIns = await Promise.all(
  Array.from({ length: count }, (_, i) =>
    startOllamaStandIn({ latencyMs: i === count - 1 ? latencyMs * slow : latencyMs }),
  ),
);
for (const standIn of standIns) scriptShortReviewer(standIn);
const warnings: string[] = [];
const hosts = new OllamaHosts(
  standIns.map((s) => new OllamaHost({ host: s.url, timeoutMs: 60_000 })),
  { perHost, warn: (line) => warnings.push(line) },
);
const agent = createOllamaAgent({ hosts, model: 'qwen3.5:4b' });
const variant = await loadPackVariant(codeReview);
const cases = await benchCases(n + 1, false);
const run = (batch: typeof cases) =>
  runPack({ pack: codeReview, variant, cases: batch, agent, concurrency: count * perHost });
// One case first, untimed: the Strands SDK loads lazily on the first agent run.
await run(cases.slice(0, 1));
const before = standIns.map((s) => s.chatCalls().length);

const killAfter = values['kill-after'] === undefined ? undefined : Number(values['kill-after']);
const victim = standIns[0];
if (killAfter !== undefined && victim) setTimeout(() => void victim.close(), killAfter);
const started = performance.now();
const result = await run(cases.slice(1));
const elapsed = performance.now() - started;
await Promise.all(standIns.map((s) => s.close()));

const bound = Math.ceil(n / (count * perHost)) * latencyMs;
const errors = result.cases.filter((c) => c.status === 'error').length;
console.log(
  `cases ${result.cases.length} (${errors} errors), hosts ${count} x --concurrency ${perHost}, latency ${latencyMs} ms, last host x${slow}`,
);
console.log(
  `elapsed ${Math.round(elapsed)} ms, bound ceil(N / (H x C)) x L = ${bound} ms, ratio ${(elapsed / bound).toFixed(2)}`,
);
const usage = hosts.usage();
console.log(
  `requests ${standIns.map((s, i) => `${s.url.slice(7)} ${s.chatCalls().length - (before[i] ?? 0)}${usage[i]?.out ? ` (${usage[i]?.out})` : ''}`).join(', ')}`,
);
for (const line of warnings) console.log(line);
