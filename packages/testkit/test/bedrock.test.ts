import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BedrockStandIn, startBedrockStandIn } from '../src/index.ts';

const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const KEY = { accessKeyId: 'AKIDSTANDINTEST', secretAccessKey: 'stand-in-test-secret' };
let standIn: BedrockStandIn;
const clients: BedrockRuntimeClient[] = [];

/** The real client with its default HTTP/2 handler, no retries so each fault is seen once. */
function client(credentials = KEY, region = 'us-east-1'): BedrockRuntimeClient {
  const made = new BedrockRuntimeClient({ region, endpoint: standIn.url, credentials, maxAttempts: 1 });
  clients.push(made);
  return made;
}

const ask = (text: string, extra: Partial<ConverseCommandInput> = {}) =>
  new ConverseCommand({ modelId: MODEL, messages: [{ role: 'user', content: [{ text }] }], ...extra });

beforeAll(async () => {
  standIn = await startBedrockStandIn({
    credentials: [KEY],
    notEnabled: ['us.anthropic.claude-opus-4-1-20250805-v1:0'],
  });
  standIn.reset();
});
afterEach(() => standIn.reset());
afterAll(async () => {
  for (const made of clients) made.destroy();
  await standIn.close();
});

describe('Bedrock stand-in: Converse', () => {
  it('answers with the scripted text, token counts and a verified SigV4 signature', async () => {
    standIn.script({ reply: { text: 'Paris.', inputTokens: 12, outputTokens: 3 } });
    const res = await client().send(ask('Capital of France?', { system: [{ text: 'Be brief.' }] }));
    expect(res.output?.message).toEqual({ role: 'assistant', content: [{ text: 'Paris.' }] });
    expect(res.stopReason).toBe('end_turn');
    expect(res.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 });
    const [call] = standIn.converseCalls();
    expect(call).toMatchObject({ auth: 'valid', accessKeyId: KEY.accessKeyId, region: 'us-east-1', status: 200 });
    expect(call?.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(call?.body.system).toEqual([{ text: 'Be brief.' }]);
  });

  it('returns tool uses, and accepts a tool result that answers them', async () => {
    standIn.script({ match: { afterToolResult: false }, reply: { toolUses: [{ name: 'lookup', input: { id: 7 } }] } });
    standIn.script({ match: { afterToolResult: true, contains: '"found":true' }, reply: { text: 'Found it.' } });
    const toolConfig = {
      tools: [{ toolSpec: { name: 'lookup', description: 'Look up', inputSchema: { json: { type: 'object' } } } }],
    };
    const first = await client().send(ask('find 7', { toolConfig }));
    expect(first.stopReason).toBe('tool_use');
    const use = first.output?.message?.content?.[0]?.toolUse;
    expect(use).toMatchObject({ name: 'lookup', input: { id: 7 } });
    expect(use?.toolUseId).toMatch(/^tooluse_[\w-]{22}$/);
    const second = await client().send(
      new ConverseCommand({
        modelId: MODEL,
        toolConfig,
        messages: [
          { role: 'user', content: [{ text: 'find 7' }] },
          {
            role: 'assistant',
            content: [{ toolUse: { toolUseId: use?.toolUseId, name: 'lookup', input: { id: 7 } } }],
          },
          {
            role: 'user',
            content: [{ toolResult: { toolUseId: use?.toolUseId, content: [{ json: { found: true } }] } }],
          },
        ],
      }),
    );
    expect(second.output?.message?.content).toEqual([{ text: 'Found it.' }]);
  });

  it('matches a forced tool, as a structured-output call forces one', async () => {
    standIn.script({
      match: { forcedTool: 'verdict' },
      reply: { toolUses: [{ name: 'verdict', input: { ok: true } }] },
    });
    const res = await client().send(
      ask('judge', {
        toolConfig: {
          tools: [{ toolSpec: { name: 'verdict', inputSchema: { json: { type: 'object' } } } }],
          toolChoice: { tool: { name: 'verdict' } },
        },
      }),
    );
    expect(res.output?.message?.content?.[0]?.toolUse?.input).toEqual({ ok: true });
  });
});

describe('Bedrock stand-in: errors as the client types them', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('the call should fail'),
      (error: { name: string; message: string; $metadata: { httpStatusCode?: number } }) => ({
        name: error.name,
        message: error.message,
        status: error.$metadata.httpStatusCode,
      }),
    );

  it('throttling is a 429 ThrottlingException carrying Retry-After', async () => {
    standIn.script({ reply: { fault: 'throttling', retryAfterSeconds: 2 } });
    const error = await client()
      .send(ask('hi'))
      .catch(
        (e: { name: string; message: string; $response: { statusCode: number; headers: Record<string, string> } }) => e,
      );
    expect(error).toMatchObject({
      name: 'ThrottlingException',
      message: 'Too many requests, please wait before trying again.',
    });
    expect((error as { $response: { statusCode: number } }).$response.statusCode).toBe(429);
    const retryAfter = (error as { $response: { headers: Record<string, string> } }).$response.headers['retry-after'];
    expect(retryAfter).toBe('2');
  });

  it('an unknown model id is a ValidationException, a model not enabled an AccessDeniedException', async () => {
    expect(
      await failure(
        client().send(new ConverseCommand({ modelId: 'anthropic.nope', messages: [{ role: 'user', content: [] }] })),
      ),
    ).toEqual({ name: 'ValidationException', message: 'The provided model identifier is invalid.', status: 400 });
    const opus = new ConverseCommand({
      modelId: 'us.anthropic.claude-opus-4-1-20250805-v1:0',
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
    });
    expect(await failure(client().send(opus))).toMatchObject({ name: 'AccessDeniedException', status: 403 });
  });

  it('refuses an unknown access key and a signature made with the wrong secret', async () => {
    standIn.script({ reply: { text: 'never' } });
    const stranger = client({ accessKeyId: 'AKIDSTRANGER', secretAccessKey: 'x' });
    expect(await failure(stranger.send(ask('hi')))).toMatchObject({ name: 'UnrecognizedClientException', status: 403 });
    const forger = client({ accessKeyId: KEY.accessKeyId, secretAccessKey: 'wrong-secret' });
    expect(await failure(forger.send(ask('hi')))).toMatchObject({ name: 'InvalidSignatureException', status: 403 });
    expect(standIn.calls.map((call) => call.auth)).toEqual(['unknown-key', 'bad-signature']);
    expect(standIn.converseCalls()).toHaveLength(0);
  });

  it('a custom error carries its own type and status', async () => {
    standIn.script({ reply: { error: { status: 424, type: 'ModelErrorException', message: 'model crashed' } } });
    expect(await failure(client().send(ask('hi')))).toEqual({
      name: 'ModelErrorException',
      message: 'model crashed',
      status: 424,
    });
  });

  it('refuses a tool result that answers no tool use', async () => {
    const res = failure(
      client().send(
        new ConverseCommand({
          modelId: MODEL,
          messages: [
            { role: 'user', content: [{ text: 'hi' }] },
            { role: 'assistant', content: [{ text: 'ok' }] },
            { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_x', content: [{ text: '1' }] } }] },
          ],
        }),
      ),
    );
    expect(await res).toMatchObject({ name: 'ValidationException', status: 400 });
  });

  it('says so when no rule matches', async () => {
    expect(await failure(client().send(ask('hi')))).toMatchObject({
      name: 'InternalServerException',
      message: 'stand-in: no scripted reply matched this request',
    });
  });
});

describe('Bedrock stand-in: transport faults and unsigned requests', () => {
  it('a reset stream and a malformed body fail the call; service-unavailable is a 503', async () => {
    standIn.script({ reply: { fault: 'reset' }, times: 1 });
    standIn.script({ reply: { fault: 'malformed' }, times: 1 });
    standIn.script({ reply: { fault: 'service-unavailable' }, times: 1 });
    await expect(client().send(ask('hi'))).rejects.toThrow();
    await expect(client().send(ask('hi'))).rejects.toThrow();
    await expect(client().send(ask('hi'))).rejects.toMatchObject({
      name: 'ServiceUnavailableException',
      $metadata: { httpStatusCode: 503 },
    });
    expect(standIn.converseCalls()).toHaveLength(3);
  });

  it('refuses a request with no SigV4 Authorization header', async () => {
    const { connect } = await import('node:http2');
    const session = connect(standIn.url);
    const stream = session.request({
      ':method': 'POST',
      ':path': `/model/${encodeURIComponent(MODEL)}/converse`,
      'content-type': 'application/json',
    });
    stream.end(JSON.stringify({ messages: [{ role: 'user', content: [{ text: 'hi' }] }] }));
    const headers = await new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve));
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve));
    session.close();
    expect(headers[':status']).toBe(403);
    expect(String(headers['x-amzn-errortype'])).toMatch(/^MissingAuthenticationTokenException:/);
    expect(standIn.calls[0]?.auth).toBe('unsigned');
  });
});
