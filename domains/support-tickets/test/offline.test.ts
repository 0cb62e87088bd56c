import { loadPackCases, loadPackVariant } from '@evalpacks/core';
import {
  type AgentPort,
  CacheMissError,
  collectRun,
  loadSampleTranscripts,
  withSampleFallback,
} from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { EndStateSchema } from '../src/end-state.ts';
import pack from '../src/index.ts';
import { goldenLines } from './support.ts';

const cases = await loadPackCases(pack);

/** An agent whose every call misses the cache, as offline with an empty cache: the samples answer. */
const emptyCache: AgentPort = {
  backend: 'ollama',
  model: 'none',
  run: () => Promise.reject(new CacheMissError('agent', 'k')),
};

describe('the pack offline', () => {
  it('answers every case from its reference, whose end state core computes by replay, and passes every check', async () => {
    const samples = await loadSampleTranscripts(pack, cases);
    const variant = await loadPackVariant(pack, 'baseline');
    const agent = withSampleFallback(emptyCache, pack, samples);
    const run = await collectRun({ pack, variant, cases, agent, concurrency: 8 });

    expect(agent.samplesUsed()).toBe(cases.length);
    const failed = run.cases.filter((r) => r.status !== 'passed');
    expect(failed.map((r) => [r.case.id, r.checks.filter((c) => !c.passed)])).toEqual([]);
    const ends = Object.fromEntries(run.cases.map((r) => [r.case.id, r.transcript.endState]));
    expect(ends).toEqual(Object.fromEntries(goldenLines().map((l) => [l.id, EndStateSchema.parse(l.end)])));
    const endCheck = run.cases.map((r) => r.checks.find((c) => c.id === 'end-state')?.detail ?? '');
    expect(endCheck.filter((detail) => !/^(nothing changed|as expected)/.test(detail))).toEqual([]);
  });
});
