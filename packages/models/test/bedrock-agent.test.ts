import type { BedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockModel } from '../src/bedrock/agent.ts';
import { createBedrockAgent } from '../src/bedrock/backend.ts';
import { BedrockUnavailableError } from '../src/bedrock/errors.ts';
import { runStrandsAgent } from '../src/strands/run-agent.ts';
import { connectionTo, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { weatherTool } from './support.ts';

let s: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  s = await startStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const request = (input: string) => ({ caseId: 'c', epoch: 0, systemPrompt: 'You are terse.', input, maxTurns: 4 });

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

  it('runs a tool the model asks for and sends its result back in a toolResult turn', async () => {
    const { weather, calls } = weatherTool();
    s.script({
      match: { afterToolResult: false },
      reply: { toolUses: [{ name: 'get_weather', input: { city: 'Paris' } }], inputTokens: 40, outputTokens: 8 },
    });
    s.script({
      match: { afterToolResult: true, contains: '"tempC":21' },
      reply: { text: 'Clear, 21 °C.', inputTokens: 60, outputTokens: 5 },
    });
    const transcript = await runStrandsAgent({
      model: createBedrockModel({ ...connectionTo(s), model: SONNET }),
      modelName: SONNET,
      systemPrompt: 'You are terse.',
      input: 'Weather in Paris?',
      tools: [weather],
      maxTurns: 4,
      asInfrastructureError: () => undefined,
      describeError: String,
    });
    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(transcript).toMatchObject({ answer: 'Clear, 21 °C.', turns: 2, usage: { input: 100, output: 13 } });
    expect(transcript.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', tempC: 21, sky: 'clear' } },
    ]);
    const [first] = s.converseCalls();
    expect(first?.body.toolConfig?.tools?.[0]?.toolSpec).toMatchObject({
      name: 'get_weather',
      description: 'Current weather for a city',
    });
  });

  it('counts retries per run, even with runs in parallel', async () => {
    s.script({ match: { contains: 'slow' }, reply: { fault: 'throttling' }, times: 2 });
    s.script({ reply: { text: 'Done.' } });
    const agent = createBedrockAgent({ ...connectionTo(s), model: SONNET });
    const [throttled, smooth] = await Promise.all([agent.run(request('slow one')), agent.run(request('fast one'))]);
    expect([throttled.answer, throttled.retries]).toEqual(['Done.', 2]);
    expect([smooth.answer, smooth.retries]).toEqual(['Done.', 0]);
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
