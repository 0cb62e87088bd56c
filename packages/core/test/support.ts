import { defineCheck } from '../src/checks/define-check.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort, JudgePort, StructuredCallRequest } from '../src/ports/backend-ports.ts';
import type { Case } from '../src/schema/case.ts';
import type { Transcript } from '../src/schema/transcript.ts';

/** A judge port answering from a script: core's own port, exercised without any backend. */
export function scriptedJudge(answer: (request: StructuredCallRequest, n: number) => string | Error): JudgePort & {
  calls: StructuredCallRequest[];
} {
  const calls: StructuredCallRequest[] = [];
  return {
    backend: 'script',
    model: 'judge-model',
    calls,
    async call(request) {
      calls.push(request);
      const text = answer(request, calls.length);
      if (text instanceof Error) throw text;
      return { text, usage: { input: 10, output: 5 }, latencyMs: 1 };
    },
  };
}

export function scriptedAgent(answer: (input: string) => string, delayMs = 0): AgentPort {
  return {
    backend: 'script',
    model: 'agent-model',
    async run(request) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return {
        input: request.input,
        answer: answer(request.input),
        toolCalls: [],
        turns: 1,
        usage: { input: 100, output: 50 },
        latencyMs: delayMs,
        model: 'agent-model',
      };
    },
  };
}

export const sampleCase: Case = {
  id: 'lookup',
  name: 'User lookup',
  description: '',
  input: 'function lookup() {}',
  expectedFindings: [
    { id: 'ssn', description: 'Returns the SSN', severity: 'critical', keywords: ['ssn'] },
    { id: 'cors', description: 'Wildcard CORS', severity: 'medium', keywords: ['cors'] },
  ],
  expectedAbsent: ['the test constant as a secret'],
};

/** A transcript with these tool calls and answer; everything else fixed. */
export function transcriptWith(toolCalls: Transcript['toolCalls'], answer = 'Done.', turns = toolCalls.length + 1) {
  return {
    input: 'help me',
    answer,
    toolCalls,
    turns,
    usage: { input: 0, output: 0 },
    latencyMs: 1,
    model: 'agent-model',
  } satisfies Transcript;
}

/** A pack with one structural check: the answer has a table (a `|`). */
export const tablePack = definePack({
  name: 'demo',
  description: 'demo',
  root: '/tmp',
  checks: [
    defineCheck({
      id: 'has-table',
      name: 'Summary table present',
      part: 'expectation',
      run: (t) => ({ passed: t.answer.includes('|'), detail: 'table' }),
    }),
  ],
});

export const promptNamed = (name: string): Variant => ({
  name,
  path: `/tmp/${name}.md`,
  text: `# Role\n${name}`,
  sections: {},
});
