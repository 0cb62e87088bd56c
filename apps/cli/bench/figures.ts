/**
 * The figures the README quotes, measured on the BUILT CLI on plain node (what `pnpm eval` runs), start-up
 * included, against the Ollama stand-in: code-review cases whose clean answer passes the structural checks,
 * so each case makes 2 model calls (the agent, then the judge).
 *   - wall time for 1, 200 and 1,000 cases at C = 16, L = 200 ms, and its ratio to ceil(N/C) x 2 x L;
 *   - spawn to the first model request, and to a usage error;
 *   - with each, the CLI's CPU time (user + system), which a loaded machine inflates far less than wall time.
 * Every figure is the median of --runs runs.
 *   - peak RSS of 10,000 cases x 3 epochs (L = 0: the memory a run keeps does not depend on latency).
 *
 *   pnpm --filter @evalpacks/cli bench:figures [-- --sizes 1,200,1000 --memory 10000 --epochs 3 --runs 5]
 * `--memory 0` skips the memory run. The script builds the CLI first (turbo, cached).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { startOllamaStandIn } from '@evalpacks/testkit';
import {
  benchCaseArgs,
  benchEvalArgs,
  buildCli,
  CLEAN_REVIEW,
  NOT_FLAGGED,
  type Timed,
  timeBuiltCli,
} from './built-cli.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    sizes: { type: 'string', default: '1,200,1000' },
    concurrency: { type: 'string', default: '16' },
    latency: { type: 'string', default: '200' },
    memory: { type: 'string', default: '10000' },
    epochs: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
  },
});
const concurrency = Number(values.concurrency);
const latencyMs = Number(values.latency);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

buildCli();

let standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'], latencyMs });
const evalArgs = (caseArgs: string[], extra: string[] = []) => [
  ...benchEvalArgs(standIn.url, caseArgs, concurrency),
  ...extra,
];

console.log(`machine: ${machine()}`);
console.log(`built CLI on node ${process.version}; stand-in latency ${latencyMs} ms, concurrency ${concurrency}\n`);

const runs = Number(values.runs);
const usage: Timed[] = [];
for (let run = 0; run < runs; run++) usage.push(await timeBuiltCli(['eval', '--bogus']));
console.log(
  `usage error: spawn -> exit median ${medianOf(usage, 'ms')} ms, CPU ${medianOf(usage, 'cpuMs')} ms (${runs} runs)`,
);

const firstRequest: number[] = [];
const firstChat: number[] = [];
const oneCaseRuns: Timed[] = [];
const oneCase = benchCaseArgs(1);
for (let run = 0; run < runs; run++) {
  standIn.reset();
  scriptAnswers();
  const timed = await timeBuiltCli(evalArgs(oneCase));
  oneCaseRuns.push(timed);
  const { spawnedAt } = timed;
  const [first] = standIn.calls;
  const [chat] = standIn.chatCalls();
  if (first) firstRequest.push(first.at - spawnedAt);
  if (chat) firstChat.push(chat.at - spawnedAt);
}
console.log(`eval: spawn -> first request (preflight) median ${median(firstRequest)} ms`);
console.log(`eval: spawn -> first model call median ${median(firstChat)} ms`);
console.log(`eval: the whole 1-case run: CPU median ${medianOf(oneCaseRuns, 'cpuMs')} ms\n`);

console.log(`cases  calls   wall      limit    ratio  CPU (medians of ${runs} runs)`);
for (const size of values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0)) {
  const caseArgs = benchCaseArgs(size);
  const timed: Timed[] = [];
  let calls = 0;
  for (let run = 0; run < runs; run++) {
    standIn.reset();
    scriptAnswers();
    timed.push(await timeBuiltCli(evalArgs(caseArgs)));
    calls = standIn.chatCalls().length;
  }
  const ms = Number(medianOf(timed, 'ms'));
  const failed = timed.filter((run) => run.code !== 0).map((run) => run.code);
  const limit = Math.ceil(size / concurrency) * 2 * latencyMs;
  const row = [String(size).padStart(5), String(calls).padStart(6), seconds(ms), seconds(limit)];
  const cpu = seconds(Number(medianOf(timed, 'cpuMs')));
  console.log(`${row.join('  ')}  ${(ms / limit).toFixed(2)}x  ${cpu}${failed.length ? `  (exits ${failed})` : ''}`);
}

const memoryCases = Number(values.memory);
if (memoryCases > 0) {
  await standIn.close();
  standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  scriptAnswers();
  const epochs = values.epochs;
  const { ms, code, peakRssKb } = await timeBuiltCli(
    evalArgs(benchCaseArgs(memoryCases), ['--repeat', epochs, '--quiet']),
  );
  console.log(
    `\nmemory: ${memoryCases} cases x ${epochs} epochs (L = 0): peak RSS ${(peakRssKb / 1024).toFixed(0)} MB, ` +
      `wall ${seconds(ms)}${code === 0 ? '' : ` (exit ${code})`}`,
  );
}
await standIn.close();

function scriptAnswers(): void {
  standIn.script({ match: { hasFormat: true }, reply: { content: NOT_FLAGGED } });
  standIn.script({ reply: { content: CLEAN_REVIEW } });
}

function medianOf(runs: Timed[], field: 'ms' | 'cpuMs'): string {
  return median(runs.map((run) => run[field])).toFixed(0);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`.padStart(8);
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0]?.toFixed(2)}`;
}
