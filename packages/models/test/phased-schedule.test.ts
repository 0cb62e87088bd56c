import { type Case, definePack, defineTool, type Variant } from '@evalpacks/core';
import { collectRun } from '@evalpacks/core/runner';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOllamaAgent, createOllamaJudge } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';

const AGENT = 'agent:4b';
const JUDGE = 'judge:8b';
const LATENCY_MS = 150;
const variant: Variant = { name: 'baseline', path: '/tmp/baseline.md', text: '# Role\nreviewer', sections: {} };
// One must-not-flag item a case: each case makes one agent call and one judge call.
const cases: Case[] = ['a', 'b', 'c'].map((id) => ({
  id,
  name: id,
  description: '',
  input: `review ${id}`,
  expectedFindings: [],
  expectedAbsent: ['the test constant as a secret'],
}));
const lookup = defineTool({ name: 'lookup', description: 'Looks up a user', input: z.object({}), run: () => 'ok' });

let s: OllamaStandIn | undefined;
afterEach(() => s?.close());

/** A phased run of the three cases, two calls at a time, agent and judge on one stand-in. */
async function phasedRun(options: { maxLoaded: number; loadDelayMs?: number; tools?: boolean; latencyMs?: number }) {
  s = await startOllamaStandIn({ models: [AGENT, JUDGE], latencyMs: LATENCY_MS, ...options });
  s.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"Not flagged.","flagged":false}' } });
  s.script({ reply: { content: 'No findings.' } });
  const hosts = OllamaHosts.of({ host: s.url, timeoutMs: 10_000 });
  const pack = definePack({
    name: 'demo',
    description: 'demo',
    root: '/tmp',
    checks: [],
    ...(options.tools && { tools: () => [lookup] }),
  });
  const run = await collectRun({
    pack,
    variant,
    cases,
    agent: createOllamaAgent({ hosts, model: AGENT }),
    judge: createOllamaJudge({ hosts, model: JUDGE }),
    concurrency: 2,
    phased: true,
  });
  const chats = s.chatCalls();
  return {
    run,
    agentAt: chats.filter((call) => call.body.model === AGENT).map((call) => call.at),
    judgeAt: chats.filter((call) => call.body.model === JUDGE).map((call) => call.at),
    loads: s.loads().map((load) => load.model),
    loadStarts: s.loads().map((load) => load.startedAt),
  };
}

describe('a phased run on Ollama', () => {
  it('without tools, sends the judge calls into the idle slots as soon as the last agent call has left', async () => {
    // A slow answer (1 s): "right behind" must hold with room for a loaded machine's scheduling delays.
    const latencyMs = 1000;
    const { run, agentAt, judgeAt } = await phasedRun({ maxLoaded: 2, latencyMs });
    expect(run.cases.map((result) => result.status)).toEqual(['passed', 'passed', 'passed']);
    expect([agentAt.length, judgeAt.length]).toEqual([3, 3]);
    const lastAgentAt = Math.max(...agentAt);
    const firstJudgeAt = Math.min(...judgeAt);
    // a's and b's judge calls leave right behind c's agent call, not a whole call later once it is answered.
    expect(firstJudgeAt).toBeGreaterThanOrEqual(lastAgentAt);
    expect(firstJudgeAt - lastAgentAt).toBeLessThan(latencyMs / 2);
  });

  it('on a server that holds one model, never sends an agent call after a judge call: one switch', async () => {
    const { run, agentAt, judgeAt, loads, loadStarts } = await phasedRun({ maxLoaded: 1, loadDelayMs: 20 });
    expect(run.cases.map((result) => result.status)).toEqual(['passed', 'passed', 'passed']);
    expect(Math.max(...agentAt)).toBeLessThanOrEqual(Math.min(...judgeAt));
    expect(loads).toEqual([AGENT, JUDGE]);
    // The judge calls that leave while c's agent call is answered wait at the server, as Ollama's do:
    // the judge model loads only once that call is answered, never evicting the agent's model mid-call.
    expect(loadStarts[1]).toBeGreaterThanOrEqual(Math.max(...agentAt) + LATENCY_MS - 5);
  });

  it('with tools, judges nothing until every agent run has ended (a run may call again)', async () => {
    const { agentAt, judgeAt } = await phasedRun({ maxLoaded: 2, tools: true });
    expect(Math.min(...judgeAt)).toBeGreaterThanOrEqual(Math.max(...agentAt) + LATENCY_MS);
  });
});
