import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCheck } from '../src/checks/define-check.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { loadSampleTranscript } from '../src/pack/fixtures.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { replayAgent } from '../src/runner/replay-agent.ts';
import { type Case, CaseSchema } from '../src/schema/case.ts';
import type { ToolCall, Transcript } from '../src/schema/transcript.ts';
import { defineTool, invokeTool } from '../src/tools/define-tool.ts';

/** A counter: each case run gets its own, the agent adds to it, the snapshot is its value. */
function counter() {
  let count = 0;
  return {
    tools: [
      defineTool({
        name: 'add',
        description: 'Adds to the counter',
        input: z.object({ by: z.number().int() }),
        run: ({ by }) => {
          count += by;
          return { count };
        },
      }),
    ],
    snapshot: () => ({ count }),
  };
}

/** The end-state check a pack would write: the environment, not the answer, against the case. */
const endStateCheck = defineCheck({
  id: 'end-state',
  name: 'The counter ends where the case says',
  part: 'steps',
  run: (transcript, testCase) => {
    const expected = JSON.stringify(testCase.expectedEndState);
    const actual = JSON.stringify(transcript.endState);
    return expected === actual
      ? { passed: true, detail: `ends at ${actual}` }
      : { passed: false, detail: `expected ${expected}, the environment ends at ${actual}` };
  },
});

const variant: Variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\ncounter', sections: {} };
const counterCase = (id: string, count: number): Case =>
  CaseSchema.parse({ id, name: id, input: `add ${count}`, expectedEndState: { count } });

/** Adds the number in the input once, then claims it added it twice: the answer lies, the state does not. */
const boastingAgent: AgentPort = {
  backend: 'script',
  model: 'm',
  async run(request) {
    const by = Number(request.input.replace(/\D/g, ''));
    const [add] = request.tools ?? [];
    if (!add) throw new Error('no tools given');
    const call: ToolCall = { name: 'add', arguments: { by }, result: await invokeTool(add, { by }) };
    return {
      input: request.input,
      answer: `Added ${by} twice, the counter is at ${2 * by}.`,
      toolCalls: [call],
      turns: 2,
      usage: { input: 0, output: 0 },
      latencyMs: 1,
      model: 'm',
    };
  },
};

function packDir(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'evalpacks-env-'));
  mkdirSync(join(root, 'fixtures'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'fixtures', name), text);
  return root;
}

const counterPack = (root = '/tmp') =>
  definePack({ name: 'counter', description: 'd', root, checks: [endStateCheck], environment: counter });

describe('a pack with an environment', () => {
  it('gives each case run a fresh environment and stores its snapshot as the end state', async () => {
    const cases = [counterCase('once', 3), counterCase('twice', 6)];
    const run = await collectRun({
      pack: counterPack(),
      variant,
      cases,
      agent: boastingAgent,
      concurrency: 4,
      epochs: 2,
    });
    expect(run.cases.map((r) => [r.case.id, r.epoch, r.transcript.endState])).toEqual([
      ['once', 0, { count: 3 }],
      ['once', 1, { count: 3 }],
      ['twice', 0, { count: 6 }],
      ['twice', 1, { count: 6 }],
    ]);
  });

  it('fails an end-state check when the agent says it did what it did not', async () => {
    // The case wants 6: the agent says "the counter is at 6" but added 3 once.
    const claims = { ...counterCase('claims', 6), input: 'add 3' };
    const run = await collectRun({
      pack: counterPack(),
      variant,
      cases: [claims],
      agent: boastingAgent,
      concurrency: 1,
    });
    const [result] = run.cases;
    expect(result?.transcript.answer).toBe('Added 3 twice, the counter is at 6.');
    expect(result?.checks.find((check) => check.id === 'end-state')).toEqual({
      id: 'end-state',
      name: 'The counter ends where the case says',
      part: 'steps',
      passed: false,
      detail: 'expected {"count":6}, the environment ends at {"count":3}',
    });
    expect(result?.status).toBe('failed');
  });

  it("keeps the tools a pack's environment brings where a pack's tools were, and refuses both at once", () => {
    const pack = counterPack();
    expect(pack.tools?.().map((tool) => tool.name)).toEqual(['add']);
    expect(() =>
      definePack({ name: 'both', description: 'd', root: '/tmp', tools: () => counter().tools, environment: counter }),
    ).toThrow('pack "both": give tools or environment, not both (an environment brings its tools)');
  });

  it("takes no snapshot for a pack's own agent: its end state is what it returns, or none", async () => {
    const own = (endState?: unknown) =>
      definePack({
        name: 'own',
        description: 'd',
        root: '/tmp',
        environment: counter,
        agent: async () => ({ answer: 'done', ...(endState !== undefined && { endState }) }),
      });
    const cases = [counterCase('c', 1)];
    const agentOf = (pack: ReturnType<typeof own>): AgentPort => ({
      backend: 'function',
      model: 'f',
      run: async (request) => ({
        ...((await (pack.agent as (r: unknown) => Promise<object>)(request)) as Transcript),
        input: request.input,
        toolCalls: [],
        turns: 1,
        usage: { input: 0, output: 0 },
        latencyMs: 0,
        model: 'f',
      }),
    });
    const silent = own();
    const told = own({ count: 9 });
    expect(
      (await collectRun({ pack: silent, variant, cases, agent: agentOf(silent), concurrency: 1 })).cases[0]?.transcript
        .endState,
    ).toBeUndefined();
    expect(
      (await collectRun({ pack: told, variant, cases, agent: agentOf(told), concurrency: 1 })).cases[0]?.transcript
        .endState,
    ).toEqual({ count: 9 });
  });

  it('computes a re-judged run’s end state from its stored calls when it was recorded without one', async () => {
    const stored: Transcript = {
      input: 'add 4',
      answer: 'done',
      toolCalls: [
        { name: 'add', arguments: { by: 4 } },
        { name: 'add', arguments: { by: 1 } },
      ],
      turns: 3,
      usage: { input: 0, output: 0 },
      latencyMs: 0,
      model: 'm',
    };
    const agent = replayAgent({ backend: 'ollama', model: 'm' }, () => stored, { environment: true });
    const run = await collectRun({ pack: counterPack(), variant, cases: [counterCase('c', 5)], agent, concurrency: 1 });
    expect(run.cases[0]?.transcript.endState).toEqual({ count: 5 });
    const kept = replayAgent({ backend: 'ollama', model: 'm' }, () => ({ ...stored, endState: { count: 7 } }), {
      environment: true,
    });
    const again = await collectRun({
      pack: counterPack(),
      variant,
      cases: [counterCase('c', 5)],
      agent: kept,
      concurrency: 1,
    });
    expect(again.cases[0]?.transcript.endState).toEqual({ count: 7 });
  });
});

describe('a snapshot that is not JSON data', () => {
  it('stops the run naming the pack, for a value JSON cannot hold or a snapshot that throws', async () => {
    const broken = (snapshot: () => unknown) =>
      definePack({ name: 'broken', description: 'd', root: '/tmp', environment: () => ({ ...counter(), snapshot }) });
    const run = (snapshot: () => unknown) =>
      collectRun({
        pack: broken(snapshot),
        variant,
        cases: [counterCase('c', 1)],
        agent: boastingAgent,
        concurrency: 1,
      });
    await expect(run(() => ({ count: 1n }))).rejects.toThrow(
      /^pack "broken": the environment's snapshot\(\) is not JSON data: Do not know how to serialize a BigInt$/,
    );
    await expect(run(() => () => 1)).rejects.toThrow(
      /^pack "broken": the environment's snapshot\(\) is not JSON data$/,
    );
    await expect(
      run(() => {
        throw new Error('ledger closed');
      }),
    ).rejects.toThrow(`pack "broken": the environment's snapshot() threw: ledger closed`);
  });
});

describe("a sample's end state", () => {
  const sample = (extra: object = {}) =>
    JSON.stringify(
      {
        input: 'add 5',
        answer: 'Added 2 and 3.',
        toolCalls: [
          { name: 'add', arguments: { by: 2 }, result: { count: 2 } },
          { name: 'add', arguments: { by: 'three' }, error: 'invalid arguments' },
          { name: 'add', arguments: { by: 3 }, result: { count: 5 } },
        ],
        turns: 4,
        latencyMs: 0,
        model: 'hand-written reference',
        sample: true,
        ...extra,
      },
      null,
      2,
    );

  it('is computed by replaying its tool calls, in order, through a fresh environment', async () => {
    const pack = counterPack(packDir({ 'c.json': sample() }));
    const loaded = await loadSampleTranscript(pack, counterCase('c', 5));
    expect(loaded?.endState).toEqual({ count: 5 });
    expect((await loadSampleTranscript(pack, counterCase('c', 5)))?.endState).toEqual({ count: 5 });
  });

  it('is never written by hand, and names a tool the environment lacks', async () => {
    const written = counterPack(packDir({ 'c.json': sample({ endState: { count: 5 } }) }));
    await expect(loadSampleTranscript(written, counterCase('c', 5))).rejects.toThrow(
      /c\.json:\d+: field "endState": is computed by replaying the toolCalls through the pack's environment, never written by hand; remove it$/,
    );
    const unknown = counterPack(packDir({ 'c.json': sample({ toolCalls: [{ name: 'subtract', arguments: {} }] }) }));
    await expect(loadSampleTranscript(unknown, counterCase('c', 5))).rejects.toThrow(
      /c\.json: tool call 1 names tool "subtract", which the pack lacks \(add\)$/,
    );
  });
});
