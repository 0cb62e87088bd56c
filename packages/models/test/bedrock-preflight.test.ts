import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BedrockUnavailableError } from '../src/bedrock/errors.ts';
import { PREFLIGHT_PROMPT, preflightBedrock } from '../src/bedrock/preflight.ts';
import { connectionTo, HAIKU, KEY, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { deadPort } from './support.ts';

let s: BedrockStandIn;
beforeAll(async () => {
  s = await startStandIn({ notEnabled: ['us.anthropic.claude-opus-4-1-20250805-v1:0'] });
});
afterAll(() => s.close());
beforeEach(() => {
  s.reset();
  vi.unstubAllEnvs();
  useDummyCredentials();
});

const failure = (models: string[], overrides = {}) =>
  preflightBedrock(connectionTo(s, overrides), models).then(
    () => expect.unreachable('preflight should fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(BedrockUnavailableError);
      return error as BedrockUnavailableError;
    },
  );

describe('preflightBedrock', () => {
  it('makes one 1-token call per distinct model', async () => {
    s.script({ match: { contains: PREFLIGHT_PROMPT }, reply: { text: 'OK', outputTokens: 1 } });
    await preflightBedrock(connectionTo(s), [SONNET, HAIKU, HAIKU]);
    expect(s.converseCalls().map((call) => [call.modelId, call.body.inferenceConfig?.maxTokens])).toEqual([
      [SONNET, 1],
      [HAIKU, 1],
    ]);
  });

  it('rides out throttling', async () => {
    s.script({ reply: { fault: 'throttling' }, times: 2 });
    s.script({ reply: { text: 'OK' } });
    await preflightBedrock(connectionTo(s), [HAIKU]);
    expect(s.converseCalls()).toHaveLength(3);
  });

  it('reports missing credentials before any request, with the fix', async () => {
    const home = mkdtempSync(join(tmpdir(), 'no-aws-'));
    vi.stubEnv('AWS_ACCESS_KEY_ID', undefined);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', undefined);
    vi.stubEnv('HOME', home);
    vi.stubEnv('AWS_CONFIG_FILE', join(home, 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, 'credentials'));
    const error = await failure([HAIKU]);
    expect(error.kind).toBe('no-credentials');
    expect(error.message).toBe(
      'No AWS credentials found through the default credential chain (Could not load credentials from any providers)',
    );
    expect(error.fix).toContain('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    expect(s.calls).toHaveLength(0);
  });

  it('reports refused credentials without echoing the secret', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'a-wrong-dummy-secret');
    const error = await failure([HAIKU]);
    expect(error.kind).toBe('invalid-credentials');
    expect(error.message).toContain('InvalidSignatureException');
    expect(`${error.message} ${error.fix}`).not.toContain('a-wrong-dummy-secret');
    expect(`${error.message} ${error.fix}`).not.toContain(KEY.secretAccessKey);
  });

  it('tells an unknown model id, a model not enabled and an IAM denial apart', async () => {
    expect((await failure(['us.anthropic.claude-nope-v1:0'])).kind).toBe('unknown-model');
    const notEnabled = await failure(['us.anthropic.claude-opus-4-1-20250805-v1:0']);
    expect([notEnabled.kind, notEnabled.fix]).toEqual([
      'model-not-enabled',
      'Enable it in the Bedrock console under Model access (region us-east-1), or pass another --model / --judge-model.',
    ]);
    s.script({
      reply: {
        error: {
          status: 403,
          type: 'AccessDeniedException',
          message: 'User: arn:aws:iam::123456789012:user/ci is not authorized to perform: bedrock:InvokeModel',
        },
      },
    });
    const denied = await failure([HAIKU]);
    expect(denied.kind).toBe('access-denied');
    expect(denied.fix).toContain('bedrock:InvokeModel');
  });

  it('asks for the inference profile when a bare id is not served on demand', async () => {
    s.script({
      reply: {
        error: {
          status: 400,
          type: 'ValidationException',
          message:
            "Invocation of model ID anthropic.claude-haiku-4-5-20251001-v1:0 with on-demand throughput isn't supported. Retry your request with the ID or ARN of an inference profile that contains this model.",
        },
      },
    });
    const error = await failure([HAIKU]);
    expect(error.kind).toBe('needs-inference-profile');
  });

  it('reports an endpoint that refuses connections', async () => {
    const port = await deadPort();
    const error = await failure([HAIKU], { endpoint: `http://127.0.0.1:${port}` });
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(`Cannot reach Bedrock at http://127.0.0.1:${port} (ECONNREFUSED)`);
  });

  it('reports any other failure of the start-up call with what the service said', async () => {
    s.script({ reply: { error: { status: 424, type: 'ModelErrorException', message: 'The model crashed.' } } });
    const error = await failure([HAIKU]);
    expect([error.kind, error.message]).toEqual([
      'preflight-failed',
      `The start-up call to '${HAIKU}' in us-east-1 failed (ModelErrorException (HTTP 424): The model crashed.)`,
    ]);
  });
});
