import { decisionConfidence, verdictJsonSchema } from '@evalpacks/core/runner';
import type { BedrockStandIn, OllamaStandIn, OpenAIStandIn } from '@evalpacks/testkit';
import { startOllamaStandIn, startOpenAIStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBedrockJudge } from '../src/bedrock/backend.ts';
import { VERDICT_TOOL } from '../src/bedrock/judge.ts';
import { createOllamaJudge } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { createOpenAIJudge } from '../src/openai/backend.ts';
import { connectionTo, HAIKU, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { MODEL } from './support.ts';

const jsonSchema = verdictJsonSchema('finding');
const ANSWER = '{"reasoning":"It names the injection.","caught":true}';
const question = { system: 'You judge.', prompt: 'Was it caught?', jsonSchema };

let ollama: OllamaStandIn;
let openai: OpenAIStandIn;
let bedrock: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  [ollama, openai, bedrock] = await Promise.all([startOllamaStandIn(), startOpenAIStandIn(), startStandIn()]);
});
afterAll(() => Promise.all([ollama.close(), openai.close(), bedrock.close()]));

describe("the judge's decision token probability, from the backends that return log-probabilities", () => {
  it('Ollama: asks /api/chat for logprobs and reads the probability of the "true" it decided with', async () => {
    ollama.script({ match: { hasFormat: true }, reply: { content: ANSWER, tokenProbabilities: { true: 0.55 } } });
    const judge = createOllamaJudge({ hosts: OllamaHosts.of({ host: ollama.url, timeoutMs: 5_000 }), model: MODEL });
    const response = await judge.call(question);
    expect(ollama.chatCalls({ hasFormat: true })[0]?.body).toMatchObject({ logprobs: true });
    expect(response.tokens?.at(-2)).toEqual({ token: 'true', logprob: Math.log(0.55) });
    expect(decisionConfidence(response.text, response.tokens)).toBeCloseTo(0.55, 12);
  });

  it('OpenAI-compatible: asks for logprobs and reads choices[0].logprobs.content', async () => {
    openai.script({ reply: { content: ANSWER, tokenProbabilities: { true: 0.91 } } });
    const judge = createOpenAIJudge({ baseURL: openai.baseURL, timeoutMs: 5_000, model: 'qwen3.5-4b' });
    const response = await judge.call(question);
    expect(openai.chatCalls()[0]?.body).toMatchObject({ logprobs: true });
    expect(decisionConfidence(response.text, response.tokens)).toBeCloseTo(0.91, 12);
  });

  it('Bedrock: no log-probabilities, so no confidence, never an invented one', async () => {
    const verdict = JSON.parse(ANSWER);
    bedrock.script({ reply: { toolUses: [{ name: VERDICT_TOOL, input: verdict }] } });
    const response = await createBedrockJudge({ ...connectionTo(bedrock), model: HAIKU }).call(question);
    expect(JSON.parse(response.text)).toEqual(verdict);
    expect(response.tokens).toBeUndefined();
    expect(decisionConfidence(response.text, response.tokens)).toBeUndefined();
  });
});
