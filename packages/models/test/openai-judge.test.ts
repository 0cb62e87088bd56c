import { verdictJsonSchema } from '@evalpacks/core';
import { type OpenAIStandIn, startOpenAIStandIn } from '@evalpacks/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '../src/openai/backend.ts';
import { OpenAIUnavailableError } from '../src/openai/errors.ts';

const MODEL = 'qwen3.5-4b';
const jsonSchema = verdictJsonSchema('finding');
const verdict = { reasoning: 'It names the injection.', caught: true };
const opened: OpenAIStandIn[] = [];
let s: OpenAIStandIn;

async function standIn(options: Parameters<typeof startOpenAIStandIn>[0] = {}): Promise<OpenAIStandIn> {
  const started = await startOpenAIStandIn(options);
  opened.push(started);
  return started;
}
beforeAll(async () => {
  s = await standIn();
});
afterEach(() => s.reset());
afterAll(() => Promise.all(opened.map((o) => o.close())));

const judgeOn = (on: OpenAIStandIn, model = MODEL) =>
  createOpenAIJudge({ baseURL: on.baseURL, timeoutMs: 5_000, retry: { baseDelayMs: 5, maxDelayMs: 50 }, model });
const ask = (judge: ReturnType<typeof judgeOn>) =>
  judge.call({ system: 'You judge.', prompt: 'Was it caught?', jsonSchema });

describe('the OpenAI-compatible judge', () => {
  it('asks for the verdict schema through response_format json_schema at temperature 0', async () => {
    s.script({
      match: { hasJsonSchema: true },
      reply: { content: JSON.stringify(verdict), promptTokens: 210, completionTokens: 31 },
    });
    const response = await ask(judgeOn(s));
    expect(JSON.parse(response.text)).toEqual(verdict);
    expect(response).toMatchObject({ usage: { input: 210, output: 31 }, retries: 0 });
    const [call] = s.chatCalls();
    expect(call?.body).toMatchObject({
      model: MODEL,
      temperature: 0,
      messages: [
        { role: 'system', content: 'You judge.' },
        { role: 'user', content: 'Was it caught?' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: jsonSchema } },
    });
    expect(call?.body.stream).toBeUndefined();
  });

  it('passes prose from a server that ignores json_schema through, for core to parse or repair', async () => {
    const ignoring = await standIn({ jsonSchema: 'ignore' });
    ignoring.script({ match: { hasJsonSchema: true }, reply: { content: JSON.stringify(verdict) } });
    ignoring.script({ reply: { content: 'Yes, I think it was caught.' } });
    expect((await ask(judgeOn(ignoring))).text).toBe('Yes, I think it was caught.');
  });

  it('asks again without json_schema where the server refuses it, and stops asking', async () => {
    const refusing = await standIn({ jsonSchema: 'reject' });
    refusing.script({ reply: { content: JSON.stringify(verdict) } });
    const judge = judgeOn(refusing);
    expect(JSON.parse((await ask(judge)).text)).toEqual(verdict);
    expect(JSON.parse((await ask(judge)).text)).toEqual(verdict);
    expect(refusing.calls.map((c) => [c.status, c.body?.response_format?.type ?? 'none'])).toEqual([
      [400, 'json_schema'],
      [200, 'none'],
      [200, 'none'],
    ]);
  });

  it('retries 429 and 5xx, waiting out retry-after, and counts the retries', async () => {
    s.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.3 }, times: 1 });
    s.script({ reply: { fault: 'bad-gateway' }, times: 1 });
    s.script({ reply: { content: JSON.stringify(verdict) } });
    const response = await ask(judgeOn(s));
    expect(JSON.parse(response.text)).toEqual(verdict);
    expect(response.retries).toBe(2);
    const [first, second] = s.calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('turns an unknown model into an infrastructure error, and other failures into a one-line reason', async () => {
    const unknown = await ask(judgeOn(s, 'nope')).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAIUnavailableError);
    expect((unknown as Error).message).toBe(
      `The server at ${s.baseURL} serves no model 'nope' (HTTP 404: The model \`nope\` does not exist.)`,
    );
    s.script({ reply: { error: { status: 422, message: 'prompt too long' } } });
    const failed = await ask(judgeOn(s)).catch((e: unknown) => e);
    expect((failed as Error).message).toBe('HTTP 422: prompt too long');
  });
});
