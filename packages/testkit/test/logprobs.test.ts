import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OllamaStandIn, type OpenAIStandIn, startOllamaStandIn, startOpenAIStandIn } from '../src/index.ts';

const ANSWER = '{"reasoning":"Named.","caught":true}';
let ollama: OllamaStandIn;
let openai: OpenAIStandIn;
beforeAll(async () => {
  [ollama, openai] = await Promise.all([startOllamaStandIn({ models: ['judge:1b'] }), startOpenAIStandIn()]);
});
afterAll(() => Promise.all([ollama.close(), openai.close()]));

const post = async (url: string, body: object) =>
  (await (await fetch(url, { method: 'POST', body: JSON.stringify(body) })).json()) as Record<string, unknown>;
const chat = (extra: object) =>
  post(`${ollama.url}/api/chat`, {
    model: 'judge:1b',
    stream: false,
    messages: [{ role: 'user', content: 'Was it caught?' }],
    ...extra,
  });

type Entry = { token: string; logprob: number; bytes: number[]; top_logprobs?: Entry[] };

describe('token log-probabilities, as the real servers return them when asked', () => {
  it('Ollama /api/chat: a top-level logprobs list of the content tokens, with top_logprobs when asked', async () => {
    ollama.script({ reply: { content: ANSWER, tokenProbabilities: { true: 0.6 } } });
    expect(await chat({})).not.toHaveProperty('logprobs');
    const reply = await chat({ logprobs: true, top_logprobs: 2 });
    const entries = reply.logprobs as Entry[];
    expect(entries.map((e) => e.token).join('')).toBe(ANSWER);
    const decision = entries.find((e) => e.token === 'true');
    expect(decision).toEqual({
      token: 'true',
      logprob: Math.log(0.6),
      bytes: [...Buffer.from('true')],
      top_logprobs: [
        { token: 'true', logprob: Math.log(0.6), bytes: [...Buffer.from('true')] },
        { token: 'false', logprob: Math.log(0.4), bytes: [...Buffer.from('false')] },
      ],
    });
    for (const entry of entries) expect(entry.logprob).toBeLessThanOrEqual(0);
  });

  it('OpenAI-compatible: choices[0].logprobs.content when asked, null otherwise', async () => {
    openai.script({ reply: { content: ANSWER, tokenProbabilities: { true: 0.6 } } });
    const ask = (extra: object) =>
      post(`${openai.baseURL}/chat/completions`, {
        model: 'qwen3.5-4b',
        messages: [{ role: 'user', content: 'Was it caught?' }],
        ...extra,
      });
    const plain = (await ask({})) as { choices: { logprobs: unknown }[] };
    expect(plain.choices[0]?.logprobs).toBeNull();
    const asked = (await ask({ logprobs: true })) as { choices: { logprobs: { content: Entry[]; refusal: null } }[] };
    const logprobs = asked.choices[0]?.logprobs;
    expect(logprobs?.refusal).toBeNull();
    expect(logprobs?.content.map((e) => e.token).join('')).toBe(ANSWER);
    expect(logprobs?.content.find((e) => e.token === 'true')?.logprob).toBe(Math.log(0.6));
  });
});
