import { verdictJsonSchema } from '@evalpacks/core/runner';
import type { BedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockJudge } from '../src/bedrock/backend.ts';
import { BedrockUnavailableError } from '../src/bedrock/errors.ts';
import { VERDICT_TOOL } from '../src/bedrock/judge.ts';
import { connectionTo, HAIKU, startStandIn, useDummyCredentials } from './bedrock-support.ts';

let s: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  s = await startStandIn({ notEnabled: ['us.anthropic.claude-opus-4-1-20250805-v1:0'] });
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const jsonSchema = verdictJsonSchema('finding');
const judge = (model = HAIKU) => createBedrockJudge({ ...connectionTo(s), model });
const ask = (model?: string) => judge(model).call({ system: 'You judge.', prompt: 'Was it caught?', jsonSchema });
const verdict = { reasoning: 'It names the injection.', caught: true };

describe('the Bedrock judge', () => {
  it('forces the verdict tool with the verdict schema at temperature 0 and returns its input as JSON', async () => {
    s.script({ reply: { toolUses: [{ name: VERDICT_TOOL, input: verdict }], inputTokens: 210, outputTokens: 31 } });
    const response = await ask();
    expect(JSON.parse(response.text)).toEqual(verdict);
    expect(response).toMatchObject({ usage: { input: 210, output: 31 }, retries: 0 });
    const [call] = s.converseCalls();
    expect(call?.auth).toBe('valid');
    expect(call?.body).toMatchObject({
      modelId: HAIKU,
      system: [{ text: 'You judge.' }],
      messages: [{ role: 'user', content: [{ text: 'Was it caught?' }] }],
      inferenceConfig: { temperature: 0 },
      toolConfig: { toolChoice: { tool: { name: VERDICT_TOOL } } },
    });
    expect(call?.body.toolConfig?.tools?.[0]?.toolSpec?.inputSchema?.json).toEqual(jsonSchema);
  });

  it('passes plain text through when the model does not call the tool, for core to parse or reject', async () => {
    s.script({ reply: { text: 'Yes, I think so.' } });
    expect((await ask()).text).toBe('Yes, I think so.');
  });

  it('retries throttling and 5xx, then answers as if nothing happened, counting the retries', async () => {
    s.script({ reply: { fault: 'throttling' }, times: 1 });
    s.script({ reply: { fault: 'service-unavailable' }, times: 1 });
    s.script({ reply: { toolUses: [{ name: VERDICT_TOOL, input: verdict }] } });
    const response = await ask();
    expect(JSON.parse(response.text)).toEqual(verdict);
    expect(response.retries).toBe(2);
    expect(s.converseCalls()).toHaveLength(3);
  });

  it('waits out Retry-After before retrying', async () => {
    s.script({ reply: { fault: 'throttling', retryAfterSeconds: 0.3 }, times: 1 });
    s.script({ reply: { toolUses: [{ name: VERDICT_TOOL, input: verdict }] } });
    await ask();
    const [first, second] = s.converseCalls();
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('gives up after six attempts with a one-line reason, as a judge-call failure rather than a miss', async () => {
    s.script({ reply: { fault: 'throttling' } });
    await expect(ask()).rejects.toThrow(
      'ThrottlingException (HTTP 429, 6 attempts): Too many requests, please wait before trying again.',
    );
    expect(s.converseCalls()).toHaveLength(6);
  });

  it('does not retry a client error', async () => {
    s.script({ reply: { error: { status: 400, type: 'ValidationException', message: 'Input is too long' } } });
    await expect(ask()).rejects.toThrow('ValidationException (HTTP 400): Input is too long');
    expect(s.converseCalls()).toHaveLength(1);
  });

  it('turns a model the account cannot use into an infrastructure error with a fix', async () => {
    const error = await ask('us.anthropic.claude-opus-4-1-20250805-v1:0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BedrockUnavailableError);
    expect(error).toMatchObject({ kind: 'model-not-enabled' });
    expect((error as BedrockUnavailableError).fix).toContain('Model access (region us-east-1)');
  });
});
