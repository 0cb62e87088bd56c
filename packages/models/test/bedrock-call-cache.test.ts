import { CacheMissError, ModelCalls, verdictJsonSchema } from '@evalpacks/core/runner';
import type { BedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockAgent, createBedrockJudge } from '../src/bedrock/backend.ts';
import { VERDICT_TOOL } from '../src/bedrock/judge.ts';
import { connectionTo, HAIKU, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { agentRequest, mapCache, packWeatherTool } from './support.ts';

let s: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  s = await startStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const { weather } = packWeatherTool({ tempC: 21 });

function scriptWeather(): void {
  s.script({
    match: { afterToolResult: false },
    reply: { toolUses: [{ name: 'get_weather', input: { city: 'Paris' } }], inputTokens: 40, outputTokens: 8 },
  });
  s.script({ match: { afterToolResult: true }, reply: { text: 'Clear, 21 °C.', inputTokens: 60, outputTokens: 5 } });
}

const run = (calls: ModelCalls, epoch: number) =>
  createBedrockAgent({ ...connectionTo(s), model: SONNET, calls }).run(
    agentRequest('Weather in Paris?', { epoch, tools: [weather] }),
  );

describe('the call cache in the Bedrock backend', () => {
  it('replays a two-turn tool conversation with no Converse call and no tokens, and keeps epochs apart', async () => {
    scriptWeather();
    const cache = mapCache();
    const first = await run(new ModelCalls(cache), 0);
    expect(first.usage).toEqual({ input: 100, output: 13 });
    expect(s.converseCalls()).toHaveLength(2);

    const replay = new ModelCalls(cache);
    const again = await run(replay, 0);
    expect(s.converseCalls()).toHaveLength(2);
    expect(replay.stats().agent).toEqual({ made: 0, cached: 2 });
    expect(again).toMatchObject({ answer: first.answer, toolCalls: first.toolCalls, turns: 2 });
    expect(again.usage).toEqual({ input: 0, output: 0 });

    const repeat = new ModelCalls(cache);
    await run(repeat, 1);
    expect(repeat.stats().agent).toEqual({ made: 2, cached: 0 });
    await expect(run(new ModelCalls(mapCache(), 'offline'), 0)).rejects.toBeInstanceOf(CacheMissError);
    expect(s.converseCalls()).toHaveLength(4);
  });

  it('caches a judge call under its prompt, schema and epoch', async () => {
    const verdict = { reasoning: 'It names the injection.', caught: true };
    s.script({ reply: { toolUses: [{ name: VERDICT_TOOL, input: verdict }], inputTokens: 210, outputTokens: 31 } });
    const cache = mapCache();
    const calls = new ModelCalls(cache);
    const judge = createBedrockJudge({ ...connectionTo(s), model: HAIKU, calls });
    const ask = (prompt: string, epoch: number) =>
      judge.call({ system: 'You judge.', prompt, jsonSchema: verdictJsonSchema('finding'), epoch });
    const fresh = await ask('Was it caught?', 0);
    const hit = await ask('Was it caught?', 0);
    await ask('Was it caught?', 1);
    expect(JSON.parse(hit.text)).toEqual(verdict);
    expect(fresh.usage).toEqual({ input: 210, output: 31 });
    expect(hit.usage).toEqual({ input: 0, output: 0 });
    expect(calls.stats().judge).toEqual({ made: 2, cached: 1 });
    expect(s.converseCalls()).toHaveLength(2);
  });
});
