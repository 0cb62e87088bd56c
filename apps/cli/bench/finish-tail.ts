/**
 * The end of a big run on the BUILT CLI: the time from the last model call to exit, where the summary is
 * printed, the run is graded and the file reports are written (results read back from the store). Runs
 * N cases x E epochs of the code-review bait case against the Ollama stand-in at latency 0 (as the memory
 * figure of figures.ts does) with `--reporter console,json,markdown --quiet`.
 *
 *   pnpm --filter @evalpacks/cli bench:tail [-- --cases 10000 --epochs 3 --reporter console,json,markdown --runs 3]
 *
 * The last call's arrival at the stand-in stands for the last case result: at latency 0 the stand-in
 * answers at once, so "tail" is that arrival to the child's exit. Beside it, the CLI's own CPU time over the
 * tail (from its 100 ms samples: the last one before that arrival to the last one before exit), which a
 * loaded machine inflates far less than wall time.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { benchCaseArgs, benchEvalArgs, buildCli, CLEAN_REVIEW, NOT_FLAGGED, timeBuiltCli } from './built-cli.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '10000' },
    epochs: { type: 'string', default: '3' },
    reporter: { type: 'string', default: 'console,json,markdown' },
    runs: { type: 'string', default: '3' },
  },
});

buildCli();

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
const caseArgs = benchCaseArgs(Number(values.cases));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const tails: number[] = [];
const tailCpus: number[] = [];
const walls: number[] = [];
console.log(`load average ${loadavg()[0]?.toFixed(2)}; ${values.cases} cases x ${values.epochs} epochs`);
for (let run = 0; run < Number(values.runs); run++) {
  standIn.reset();
  standIn.script({ match: { hasFormat: true }, reply: { content: NOT_FLAGGED } });
  standIn.script({ reply: { content: CLEAN_REVIEW } });
  const out = mkdtempSync(join(tmpdir(), 'evalpacks-bench-reports-'));
  const timed = await timeBuiltCli([
    ...benchEvalArgs(standIn.url, caseArgs, 16),
    '--repeat',
    values.epochs,
    '--reporter',
    values.reporter,
    '--out',
    out,
    '--quiet',
  ]);
  const last = Math.max(...standIn.chatCalls().map((call) => call.at));
  const tail = timed.spawnedAt + timed.ms - last;
  const before = timed.cpuTrace.filter((sample) => sample.at <= last).at(-1)?.cpuMs ?? Number.NaN;
  const tailCpu = (timed.cpuTrace.at(-1)?.cpuMs ?? Number.NaN) - before;
  tails.push(tail);
  tailCpus.push(tailCpu);
  walls.push(timed.ms);
  console.log(
    `run ${run + 1}: last call -> exit ${seconds(tail)}, CPU ${seconds(tailCpu)}; wall ${seconds(timed.ms)}, ` +
      `exit ${timed.code}, peak RSS ${(timed.peakRssKb / 1024).toFixed(0)} MB`,
  );
}
console.log(
  `median of ${tails.length}: last call -> exit ${seconds(median(tails))}, CPU ${seconds(median(tailCpus))}; ` +
    `wall ${seconds(median(walls))}`,
);
await standIn.close();

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
