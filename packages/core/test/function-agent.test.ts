import { describe, expect, it } from 'vitest';
import { createPackAgent } from '../src/agent/pack-agent.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentRequest } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { sampleCase } from './support.ts';

const request: AgentRequest = { caseId: 'c1', epoch: 0, systemPrompt: '# Role\nx', input: 'the draft', maxTurns: 6 };
const variant: Variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\nreviewer', sections: {} };
const defaults = { timeoutMs: 1000 };

describe('a pack agent given as a function', () => {
  it('takes a string as the answer and fills in the rest of the transcript', async () => {
    async function reviewDraft(req: AgentRequest) {
      return `reviewed: ${req.input}`;
    }
    const agent = createPackAgent(reviewDraft, defaults);
    expect([agent.backend, agent.model]).toEqual(['function', 'reviewDraft']);
    const transcript = await agent.run(request);
    expect({ ...transcript, latencyMs: 0 }).toEqual({
      input: 'the draft',
      answer: 'reviewed: the draft',
      toolCalls: [],
      turns: 1,
      usage: { input: 0, output: 0 },
      latencyMs: 0,
      model: 'reviewDraft',
    });
  });

  it('keeps what the agent reports: tool calls, turns, usage, model', async () => {
    const agent = createPackAgent(
      () => ({
        answer: 'done',
        toolCalls: [{ name: 'lookup', arguments: { id: 7 }, result: { ok: true } }],
        turns: 2,
        usage: { input: 30, output: 12 },
        model: 'my-agent-v3',
      }),
      defaults,
    );
    expect(await agent.run(request)).toMatchObject({
      answer: 'done',
      toolCalls: [{ name: 'lookup', arguments: { id: 7 }, result: { ok: true } }],
      turns: 2,
      usage: { input: 30, output: 12 },
      model: 'my-agent-v3',
    });
  });

  it.each([
    [
      { answer: 42 },
      'agent returned an invalid transcript: field "answer": Invalid input: expected string, received number',
    ],
    [
      { text: 'hi' },
      'agent returned an invalid transcript: field "answer": Invalid input: expected string, received undefined',
    ],
    [
      { answer: 'x', usage: { input: -1, output: 0 } },
      'agent returned an invalid transcript: field "usage.input": Too small: expected number to be >=0',
    ],
    [null, 'agent returned null, not a transcript object with an "answer"'],
    [['x'], 'agent returned an array, not a transcript object with an "answer"'],
  ])('rejects the reply %j with a message naming the field', async (reply, message) => {
    const agent = createPackAgent(() => reply as never, defaults);
    await expect(agent.run(request)).rejects.toThrow(message);
  });

  it('runs a whole pack: a throwing or invalid agent fails only its own case, as an agent error', async () => {
    const pack = definePack({
      name: 'own-agent',
      description: 'a pack with its own agent',
      root: '/tmp',
      agent: (req) => {
        if (req.caseId === 'broken') throw new Error('model quota exceeded');
        if (req.caseId === 'invalid') return { answer: '', turns: -1 };
        return `Reviewed ${req.caseId}`;
      },
    });
    const cases = ['ok', 'broken', 'invalid'].map((id) => ({
      ...sampleCase,
      id,
      expectedFindings: [],
      expectedAbsent: [],
    }));
    const agent = createPackAgent(pack.agent as NonNullable<typeof pack.agent>, defaults);
    const run = await collectRun({ pack, variant, cases, agent, concurrency: 2 });
    expect(run.agent).toEqual({ backend: 'function', model: 'agent' });
    expect(run.cases.map((c) => [c.case.id, c.status, c.transcript.answer, c.reasons])).toEqual([
      ['ok', 'passed', 'Reviewed ok', []],
      ['broken', 'error', '', ['agent error: model quota exceeded']],
      [
        'invalid',
        'error',
        '',
        ['agent error: agent returned an invalid transcript: field "turns": Too small: expected number to be >=0'],
      ],
    ]);
  });
});

describe('definePack agent option', () => {
  const base = { name: 'p', description: 'd', root: '/tmp' };

  it.each([
    [{ url: 'ftp://example.test/agent' }, 'pack "p": agent.url: must be an http:// or https:// url'],
    [{ url: 'not a url' }, 'pack "p": agent.url: must be an http:// or https:// url'],
    [{ url: 'http://127.0.0.1:1/a', retries: 3 }, 'pack "p": agent: Unrecognized key: "retries"'],
    ['http://127.0.0.1/agent', 'pack "p": agent: must be a function (request) => transcript, or { url }'],
  ])('refuses %j with a message naming the option', (agent, message) => {
    expect(() => definePack({ ...base, agent: agent as never })).toThrow(message);
  });

  it('accepts an http endpoint with a timeout and headers', () => {
    const pack = definePack({
      ...base,
      agent: { url: 'http://127.0.0.1:8080/review', timeoutMs: 5000, headers: { a: 'b' } },
    });
    expect(pack.agent).toEqual({ url: 'http://127.0.0.1:8080/review', timeoutMs: 5000, headers: { a: 'b' } });
  });
});
