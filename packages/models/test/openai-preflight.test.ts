import { type OpenAIStandIn, startOpenAIStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenAIUnavailableError } from '../src/openai/errors.ts';
import { preflightOpenAI } from '../src/openai/preflight.ts';
import { deadPort } from './support.ts';

const KEY = 'sk-preflight-dummy';
let s: OpenAIStandIn;
beforeAll(async () => {
  s = await startOpenAIStandIn({ apiKey: KEY, models: ['agent-7b', 'judge-1b'] });
});
afterAll(() => s.close());

const connection = (baseURL: string) => ({ baseURL, timeoutMs: 5_000 });
const failure = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as OpenAIUnavailableError,
  );

describe('preflightOpenAI', () => {
  it('passes when the server lists every model, asking only GET /v1/models', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY);
    await preflightOpenAI(connection(s.baseURL), ['agent-7b', 'judge-1b']);
    expect(s.calls.map((c) => `${c.method} ${c.path} ${c.auth}`)).toEqual(['GET /v1/models valid']);
  });

  it('names a model the server does not serve, and what it serves', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY);
    const error = await failure(preflightOpenAI(connection(s.baseURL), ['agent-7b', 'llama9-70b']));
    expect(error).toBeInstanceOf(OpenAIUnavailableError);
    expect([error?.kind, error?.message]).toEqual([
      'unknown-model',
      `The server at ${s.baseURL} serves no model 'llama9-70b' (served: agent-7b, judge-1b)`,
    ]);
  });

  it('says the key was refused without printing it', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-wrong-secret');
    const error = await failure(preflightOpenAI(connection(s.baseURL), ['agent-7b']));
    expect(error?.kind).toBe('invalid-key');
    expect(`${error?.message} ${error?.fix}`).not.toContain('sk-wrong-secret');
    expect(error?.fix).toBe('Export OPENAI_API_KEY with a key the server accepts (the value of its --api-key).');
  });

  it('says nothing listens at the base URL, in one line', async () => {
    const url = `http://127.0.0.1:${await deadPort()}/v1`;
    const error = await failure(preflightOpenAI(connection(url), ['agent-7b']));
    expect([error?.kind, error?.message]).toEqual([
      'unreachable',
      `Cannot reach the OpenAI-compatible server at ${url} (ECONNREFUSED)`,
    ]);
  });
});
