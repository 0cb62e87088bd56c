import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BedrockStandIn, startBedrockStandIn } from '../src/index.ts';

const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const API_KEY = 'ABSKdGVzdC1rZXktZm9yLXRoZS1zdGFuZC1pbg==';
let standIn: BedrockStandIn;
const clients: BedrockRuntimeClient[] = [];

/**
 * The real client as a Bedrock API key user has it: no AWS credentials at all, only the key in
 * AWS_BEARER_TOKEN_BEDROCK, which makes the SDK prefer bearer auth over SigV4 by itself.
 */
function keyClient(): BedrockRuntimeClient {
  const made = new BedrockRuntimeClient({ region: 'us-east-1', endpoint: standIn.url, maxAttempts: 1 });
  clients.push(made);
  return made;
}

const ask = new ConverseCommand({ modelId: MODEL, messages: [{ role: 'user', content: [{ text: 'hi' }] }] });

async function failure(promise: Promise<unknown>): Promise<{ name: string; status?: number; message: string }> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as Error & { $metadata?: { httpStatusCode?: number } };
  return { name: error.name, status: error.$metadata?.httpStatusCode, message: error.message };
}

const saved = { ...process.env };
beforeAll(async () => {
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) {
    delete process.env[name];
  }
  process.env.AWS_CONFIG_FILE = '/nonexistent/config';
  process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/credentials';
  standIn = await startBedrockStandIn({ apiKeys: [API_KEY] });
});
afterEach(() => {
  standIn.reset();
  delete process.env.AWS_BEARER_TOKEN_BEDROCK;
});
afterAll(async () => {
  for (const made of clients) made.destroy();
  await standIn.close();
  process.env = saved;
});

describe('Bedrock stand-in: API keys (bearer auth)', () => {
  it('accepts an issued key sent as Authorization: Bearer, with no SigV4 signature', async () => {
    process.env.AWS_BEARER_TOKEN_BEDROCK = API_KEY;
    standIn.script({ reply: { text: 'hello' } });
    const res = await keyClient().send(ask);
    expect(res.output?.message?.content).toEqual([{ text: 'hello' }]);
    expect(standIn.calls.map((call) => [call.scheme, call.auth, call.status])).toEqual([['bearer', 'valid', 200]]);
    expect(standIn.converseCalls()).toHaveLength(1);
  });

  it('refuses an unknown key and a key of the wrong format with the 403s the service gives', async () => {
    standIn.script({ reply: { text: 'never' } });
    process.env.AWS_BEARER_TOKEN_BEDROCK = 'ABSKbm90LWlzc3VlZA==';
    expect(await failure(keyClient().send(ask))).toEqual({
      name: 'AccessDeniedException',
      status: 403,
      message: 'Authentication failed: Please make sure your API Key is valid.',
    });
    process.env.AWS_BEARER_TOKEN_BEDROCK = 'not-a-bedrock-key';
    expect(await failure(keyClient().send(ask))).toEqual({
      name: 'AccessDeniedException',
      status: 403,
      message: 'Invalid API Key format: Must start with pre-defined prefix',
    });
    expect(standIn.calls.map((call) => call.auth)).toEqual(['unknown-api-key', 'malformed-api-key']);
    expect(standIn.converseCalls()).toHaveLength(0);
  });
});
