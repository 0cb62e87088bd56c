/**
 * Model switches with a different agent and judge model on one Ollama server whose GPU holds one model
 * at a time: the stand-in charges 2 s for every load. The goal is at most 2 loads (the agent's, then
 * the judge's) for 50 cases; the floor on wall time is those 2 loads plus the calls themselves.
 * Runs the real runner, Strands agent and ollama client against the loopback stand-in; prints figures.
 *
 *   pnpm --filter @evalpacks/cli exec tsx bench/model-switches.ts [-- --schedule phased|interleaved --cases 50]
 */
import { parseArgs } from 'node:util';
import codeReview from '@evalpacks/code-review';
import { loadPackVariant } from '@evalpacks/core';
import { collectRun } from '@evalpacks/core/runner';
import { createOllamaAgent, createOllamaJudge, OllamaHosts } from '@evalpacks/models';
import { startOllamaStandIn } from '@evalpacks/testkit';
import { benchCases, scriptShortReviewer } from './in-process-cases.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    cases: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
    switch: { type: 'string', default: '2000' },
    schedule: { type: 'string', default: 'phased' },
  },
});
const n = Number(values.cases);
const switchMs = Number(values.switch);
const phased = values.schedule === 'phased';

const standIn = await startOllamaStandIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 1, loadDelayMs: switchMs });
scriptShortReviewer(standIn);
const cases = await benchCases(n, true);
const hosts = OllamaHosts.of({ host: standIn.url, timeoutMs: 600_000 });
const agent = createOllamaAgent({ hosts, model: 'agent:4b' });
const judge = createOllamaJudge({ hosts, model: 'judge:8b' });
const variant = await loadPackVariant(codeReview);

const started = performance.now();
const run = await collectRun({
  pack: codeReview,
  variant,
  cases,
  agent,
  judge,
  concurrency: Number(values.concurrency),
  judgeAlways: true,
  phased,
});
const wallS = (performance.now() - started) / 1000;
const loads = standIn.loads().length;
const floorS = (2 * switchMs) / 1000;
await standIn.close();

console.log(`schedule        ${values.schedule}`);
console.log(`cases           ${run.cases.length}, judged ${run.cases.filter((c) => c.verdicts.length > 0).length}`);
console.log(`model loads     ${loads} (goal: at most 2)`);
console.log(`wall time       ${wallS.toFixed(1)} s, of which loads ${((loads * switchMs) / 1000).toFixed(1)} s`);
console.log(`limit           ${floorS.toFixed(1)} s of loads (2 x ${(switchMs / 1000).toFixed(1)} s) plus the calls`);
