/**
 * Peak RSS and wall time of the runs that read a stored run back, on the BUILT CLI against the Ollama
 * stand-in at latency 0 (the memory a run keeps does not depend on latency), with the code-review cases of
 * figures.ts (2 model calls a case), --quiet:
 *   - eval of N cases x E epochs, to completion: the reference the others are held to;
 *   - eval --resume of that run SIGKILLed once half of its results were judged;
 *   - eval --rejudge of the completed run with --no-cache (so the judge calls are made again);
 *   - compare --runs of the completed run and its re-judge;
 *   - merge of the two shards (eval --shard 1/2 and 2/2, each a store of its own) of the same run.
 *
 *   pnpm --filter @evalpacks/cli bench:memory-stored [-- --cases 10000 --epochs 3]
 * The script builds the CLI first (turbo, cached).
 */
import { parseArgs } from 'node:util';
import { startOllamaStandIn } from '@evalpacks/testkit';
import {
  benchCaseArgs,
  benchEvalArgs,
  benchStore,
  buildCli,
  CLEAN_REVIEW,
  NOT_FLAGGED,
  type Timed,
  timeBuiltCli,
} from './built-cli.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '10000' },
    epochs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
  },
});
const cases = Number(values.cases);
const epochs = Number(values.epochs);
const concurrency = values.concurrency;

buildCli();

const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
const backend = ['--ollama-host', standIn.url, '--concurrency', concurrency, '--quiet'];
const caseArgs = benchCaseArgs(cases);
const evalArgs = [...benchEvalArgs(standIn.url, caseArgs, concurrency), '--quiet', '--repeat', String(epochs)];

/** Every judge call answers "not flagged"; `onJudge` sees the count of judge calls so far. */
function scriptAnswers(onJudge: (count: number) => void = () => {}): void {
  let judged = 0;
  standIn.reset();
  standIn.script({
    match: { hasFormat: true },
    reply: () => {
      onJudge(++judged);
      return { content: NOT_FLAGGED };
    },
  });
  standIn.script({ reply: { content: CLEAN_REVIEW } });
}

function report(name: string, { ms, code, peakRssKb }: Timed): void {
  const figures = `peak RSS ${(peakRssKb / 1024).toFixed(0).padStart(5)} MB  wall ${(ms / 1000).toFixed(1).padStart(6)} s`;
  // 0 and 1 are a run's outcomes (1: a case failed); a kill has no code.
  console.log(`${name.padEnd(34)} ${figures}${code === 0 || code === 1 || code === null ? '' : `  (exit ${code})`}`);
}
console.log(`built CLI on node ${process.version}; ${cases} cases x ${epochs} epochs, stand-in latency 0\n`);

const finished = benchStore();
scriptAnswers();
report('eval (complete)', await timeBuiltCli(evalArgs, { store: finished }));

const interrupted = benchStore();
const half = Math.floor((cases * epochs) / 2);
let killedAt = 0;
const killed = await timeBuiltCli(evalArgs, {
  store: interrupted,
  onSpawn: (child) =>
    scriptAnswers((count) => {
      if (count !== half) return;
      killedAt = count;
      child.kill('SIGKILL');
    }),
});
if (killed.code !== null || killedAt === 0) throw new Error('the run to interrupt ended before it was killed');
report(`eval, SIGKILLed at ${half} judged`, killed);
scriptAnswers();
report('eval --resume', await timeBuiltCli(['eval', '--resume', ...backend], { store: interrupted }));

scriptAnswers();
report(
  'eval --rejudge --no-cache',
  await timeBuiltCli(['eval', '--rejudge', '1', '--no-cache', ...backend], { store: finished }),
);
report('compare --runs 1 2', await timeBuiltCli(['compare', '--runs', '1', '2'], { store: finished }));

const shards = [benchStore(), benchStore()];
for (const [index, store] of shards.entries()) {
  scriptAnswers();
  const part = `${index + 1}/${shards.length}`;
  report(`eval --shard ${part}`, await timeBuiltCli([...evalArgs, '--shard', part], { store }));
}
report('merge of the 2 shards', await timeBuiltCli(['merge', '--out', benchStore(), ...shards], { store: false }));
await standIn.close();
