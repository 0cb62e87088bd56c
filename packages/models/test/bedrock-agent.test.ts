import { defineTool } from '@evalpacks/core';
import { AdaptiveConcurrency } from '@evalpacks/core/runner';
import type { BedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBedrockAgent } from '../src/bedrock/backend.ts';
import { BedrockUnavailableError } from '../src/bedrock/errors.ts';
import { connectionTo, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { agentRequest, packWeatherTool } from './support.ts';

let s: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  s = await startStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const request = (input: string) => agentRequest(input);

describe('the Bedrock agent (Strands BedrockModel over Converse)', () => {
  it('turns one answer into a transcript with the tokens Bedrock reported', async () => {
    s.script({ reply: { text: 'Sunny.', inputTokens: 12, outputTokens: 3 } });
    const transcript = await createBedrockAgent({ ...connectionTo(s), model: SONNET }).run(request('Weather?'));
    expect(transcript).toMatchObject({
      input: 'Weather?',
      answer: 'Sunny.',
      toolCalls: [],
      turns: 1,
      usage: { input: 12, output: 3 },
      model: SONNET,
      retries: 0,
    });
    expect(transcript.error).toBeUndefined();
    const [call] = s.converseCalls();
    expect(call?.auth).toBe('valid');
    expect(call?.path).toBe(`/model/${encodeURIComponent(SONNET)}/converse`);
    expect(call?.body.system).toEqual([{ text: 'You are terse.' }]);
  });

  it("runs a pack's tool the model asks for and sends its result back in a toolResult turn", async () => {
    const { weather, looked } = packWeatherTool();
    s.script({
      match: { afterToolResult: false },
      reply: { toolUses: [{ name: 'get_weather', input: { city: 'Paris' } }], inputTokens: 40, outputTokens: 8 },
    });
    s.script({
      match: { afterToolResult: true, contains: '"tempC":21' },
      reply: { text: 'Clear, 21 °C.', inputTokens: 60, outputTokens: 5 },
    });
    const agent = createBedrockAgent({ ...connectionTo(s), model: SONNET });
    const transcript = await agent.run({ ...request('Weather in Paris?'), tools: [weather] });
    expect(looked).toEqual(['Paris']);
    expect(transcript).toMatchObject({ answer: 'Clear, 21 °C.', turns: 2, usage: { input: 100, output: 13 } });
    expect(transcript.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', tempC: 21, sky: 'clear' } },
    ]);
    const [first] = s.converseCalls();
    expect(first?.body.toolConfig?.tools?.[0]?.toolSpec).toMatchObject({
      name: 'get_weather',
      description: 'Current weather for a city',
      inputSchema: { json: expect.objectContaining({ properties: { city: { type: 'string' } } }) },
    });
  });

  it('records a turn limit with the calls made so far, as the Ollama agent does', async () => {
    const noop = defineTool({ name: 'ping', description: 'Pings', input: z.object({}), run: () => ({ text: 'pong' }) });
    s.script({ reply: { toolUses: [{ name: 'ping', input: {} }] } });
    const agent = createBedrockAgent({ ...connectionTo(s), model: SONNET });
    const transcript = await agent.run({ ...request('Ping forever.'), maxTurns: 2, tools: [noop] });
    expect(transcript).toMatchObject({ answer: '', turns: 2, turnLimitReached: true });
    expect(transcript.toolCalls.map((call) => call.name)).toEqual(['ping', 'ping']);
  });

  it('counts retries per run, even with runs in parallel', async () => {
    s.script({ match: { contains: 'slow' }, reply: { fault: 'throttling' }, times: 2 });
    s.script({ reply: { text: 'Done.' } });
    const agent = createBedrockAgent({ ...connectionTo(s), model: SONNET });
    const [throttled, smooth] = await Promise.all([agent.run(request('slow one')), agent.run(request('fast one'))]);
    expect([throttled.answer, throttled.retries]).toEqual(['Done.', 2]);
    expect([smooth.answer, smooth.retries]).toEqual(['Done.', 0]);
  });

  it('tells the pace of the run about every throttled and every successful attempt', async () => {
    s.script({ reply: { fault: 'throttling' }, times: 2 });
    s.script({ reply: { text: 'Done.' } });
    const pace = new AdaptiveConcurrency(8);
    const agent = createBedrockAgent({ ...connectionTo(s), model: SONNET, signals: pace });
    expect((await agent.run(request('hi'))).answer).toBe('Done.');
    expect(pace.report()).toEqual({ ceiling: 8, final: 4, lowest: 4, throttled: 2, succeeded: 1 });
  });

  it('tells the run of every retry as it is decided', async () => {
    s.script({ reply: { fault: 'throttling' }, times: 2 });
    s.script({ reply: { text: 'Done.' } });
    const heard: string[] = [];
    const signals = {
      throttled: () => heard.push('throttled'),
      succeeded: () => {},
      retrying: () => heard.push('retry'),
    };
    await createBedrockAgent({ ...connectionTo(s), model: SONNET, signals }).run(request('hi'));
    expect(heard).toEqual(['throttled', 'retry', 'throttled', 'retry']);
  });

  it('records a failure that only this case hit in the transcript', async () => {
    s.script({ reply: { error: { status: 424, type: 'ModelErrorException', message: 'The model crashed.' } } });
    const transcript = await createBedrockAgent({ ...connectionTo(s), model: SONNET }).run(request('hi'));
    expect(transcript.answer).toBe('');
    expect(transcript.error).toBe('ModelErrorException (HTTP 424): The model crashed.');
  });

  it('throws an infrastructure error for a model id the account does not have', async () => {
    const agent = createBedrockAgent({ ...connectionTo(s), model: 'us.anthropic.claude-nope-v1:0' });
    const error = await agent.run(request('hi')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BedrockUnavailableError);
    expect(error).toMatchObject({ kind: 'unknown-model' });
  });
});
