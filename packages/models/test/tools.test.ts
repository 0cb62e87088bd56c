import { defineTool } from '@evalpacks/core';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOllamaAgent } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { MODEL } from './support.ts';

let s: OllamaStandIn;
beforeAll(async () => {
  s = await startOllamaStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

/** A note book whose state lives in the closure, as a pack's tool factory makes it. */
function notes() {
  const saved: string[] = [];
  return [
    defineTool({
      name: 'save_note',
      description: 'Saves a note',
      input: z.object({ text: z.string().min(1) }),
      run: ({ text }) => {
        saved.push(text);
        return { text: `saved ${saved.length}`, saved };
      },
    }),
    defineTool({
      name: 'count_notes',
      description: 'Counts saved notes',
      input: z.object({}),
      // One key named like a Strands content block: it must still arrive as JSON.
      run: () => ({ text: `${saved.length} notes` }),
    }),
  ];
}

const agent = () => createOllamaAgent({ hosts: OllamaHosts.of({ host: s.url, timeoutMs: 5_000 }), model: MODEL });
const request = { caseId: 'c', epoch: 0, systemPrompt: 'You take notes.', input: 'Save two notes.', maxTurns: 5 };

describe("a pack's core tools on the Ollama agent", () => {
  it('sends their schemas, runs them with validated arguments and records each result as it was', async () => {
    s.script({
      match: { lastRole: 'user' },
      reply: { toolCalls: [{ name: 'save_note', arguments: { text: 'milk' } }] },
    });
    s.script({
      match: { lastRole: 'tool' },
      times: 1,
      reply: { toolCalls: [{ name: 'save_note', arguments: { text: 'eggs' } }] },
    });
    s.script({ match: { lastRole: 'tool' }, times: 1, reply: { toolCalls: [{ name: 'count_notes', arguments: {} }] } });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'Saved 2 notes.' } });

    const transcript = await agent().run({ ...request, tools: notes() });

    expect(transcript.answer).toBe('Saved 2 notes.');
    expect(transcript.toolCalls).toEqual([
      { name: 'save_note', arguments: { text: 'milk' }, result: { text: 'saved 1', saved: ['milk'] } },
      { name: 'save_note', arguments: { text: 'eggs' }, result: { text: 'saved 2', saved: ['milk', 'eggs'] } },
      { name: 'count_notes', arguments: {}, result: { text: '2 notes' } },
    ]);
    const [first] = s.chatCalls();
    expect(first?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'save_note',
          description: 'Saves a note',
          parameters: {
            type: 'object',
            properties: { text: { type: 'string', minLength: 1 } },
            required: ['text'],
            additionalProperties: false,
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'count_notes',
          description: 'Counts saved notes',
          parameters: { type: 'object', properties: {}, additionalProperties: false },
        },
      },
    ]);
  });

  it('answers bad arguments with a one-line error the model reads, and goes on', async () => {
    s.script({ match: { lastRole: 'user' }, reply: { toolCalls: [{ name: 'save_note', arguments: { text: 7 } }] } });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'Could not save.' } });

    const transcript = await agent().run({ ...request, tools: notes() });

    const error = 'invalid arguments for save_note: text: Invalid input: expected string, received number';
    expect(transcript.toolCalls).toEqual([{ name: 'save_note', arguments: { text: 7 }, error }]);
    expect(transcript.answer).toBe('Could not save.');
    expect(s.chatCalls()[1]?.body.messages?.at(-1)?.content).toContain(error);
  });

  it('sends no tools when the request has none', async () => {
    s.script({ reply: { content: 'Hi.' } });
    await agent().run(request);
    expect(s.chatCalls()[0]?.body.tools).toBeUndefined();
  });
});
