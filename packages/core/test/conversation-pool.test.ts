import { describe, expect, it } from 'vitest';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort, JudgePort, UserSimulatorPort } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { type Case, CaseSchema } from '../src/schema/case.ts';

/**
 * Every model call of a run (agent turn, simulated-user turn, judge call) goes through one pool: these
 * ports log each call as it starts and count the calls in flight, each call taking a few milliseconds.
 */
function meteredPorts() {
  const log: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const call = async <T>(label: string, answer: () => T): Promise<T> => {
    log.push(label);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    return answer();
  };
  const agent: AgentPort = {
    backend: 'script',
    model: 'agent',
    run: (request) =>
      call(`agent ${request.caseId}`, () => ({
        input: request.input,
        answer: 'What is your order number?',
        toolCalls: [],
        turns: 1,
        usage: { input: 10, output: 2 },
        latencyMs: 5,
        model: 'agent',
      })),
  };
  const user: UserSimulatorPort = {
    backend: 'script',
    model: 'user',
    promptVersion: 'test-user-v1',
    // Answers twice, then stops: 3 agent turns and 3 user turns a conversation.
    next: (request) =>
      call(`user ${request.caseId}`, () => {
        const stop = request.conversation.length >= 5;
        return { text: stop ? '###STOP###' : 'It is ORD-1001.', stop, usage: { input: 7, output: 3 }, latencyMs: 5 };
      }),
  };
  const judge: JudgePort = {
    backend: 'script',
    model: 'judge',
    call: () =>
      call('judge', () => ({
        text: '{"reasoning":"asked","pass":true}',
        usage: { input: 20, output: 5 },
        latencyMs: 5,
      })),
  };
  return { agent, user, judge, log, peak: () => peak };
}

const pack = definePack({ name: 'desk', description: 'd', root: '/tmp', checks: [] });
const variant: Variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\nsupport', sections: {} };
const simulated = { persona: 'a customer', goal: 'a refund for ORD-1001', facts: ['Order ORD-1001'] };
const conversation = (id: string): Case =>
  CaseSchema.parse({
    id,
    name: id,
    input: 'I want a refund.',
    user: { simulated, maxTurns: 5 },
    rubric: 'The agent asks for the order number.',
  });

describe('the concurrency pool over conversations', () => {
  it('gives each model call its own slot: at --concurrency 1 never two in flight, the conversations taking turns', async () => {
    const ports = meteredPorts();
    const run = await collectRun({
      pack,
      variant,
      cases: [conversation('a'), conversation('b')],
      agent: ports.agent,
      userSimulator: ports.user,
      judge: ports.judge,
      concurrency: 1,
    });
    expect(run.cases.map((result) => [result.case.id, result.transcript.conversationEnd, result.status])).toEqual([
      ['a', 'user-stop', 'passed'],
      ['b', 'user-stop', 'passed'],
    ]);
    expect(ports.peak()).toBe(1);
    // First in, first served: a conversation gives its slot back after each call, so b's opening runs
    // between a's first and second turn instead of waiting for a's whole conversation.
    expect(ports.log).toEqual([
      'agent a',
      'agent b',
      'user a',
      'user b',
      'agent a',
      'agent b',
      'user a',
      'user b',
      'agent a',
      'agent b',
      'user a',
      'user b',
      'judge',
      'judge',
    ]);
  });

  it('fills but never exceeds a larger pool with agent, user and judge calls of several conversations', async () => {
    const ports = meteredPorts();
    const cases = ['a', 'b', 'c'].map(conversation);
    const run = await collectRun({
      pack,
      variant,
      cases,
      agent: ports.agent,
      userSimulator: ports.user,
      judge: ports.judge,
      concurrency: 2,
    });
    expect(run.cases.map((result) => result.status)).toEqual(['passed', 'passed', 'passed']);
    expect(ports.peak()).toBe(2);
    // 3 conversations of 3 agent turns, 3 user turns and 1 judge call each.
    expect(ports.log.filter((label) => label.startsWith('agent'))).toHaveLength(9);
    expect(ports.log.filter((label) => label.startsWith('user'))).toHaveLength(9);
    expect(ports.log.filter((label) => label === 'judge')).toHaveLength(3);
  });
});
