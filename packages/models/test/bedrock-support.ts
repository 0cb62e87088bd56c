import { type BedrockStandIn, type BedrockStandInOptions, startBedrockStandIn } from '@evalpacks/testkit';
import { vi } from 'vitest';
import type { BedrockConnection } from '../src/bedrock/client-config.ts';

export const SONNET = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const HAIKU = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
/** Dummy keys: the stand-in verifies signatures made with them; nothing else ever sees them. */
export const KEY = { accessKeyId: 'AKIDMODELSTEST', secretAccessKey: 'models-test-dummy-secret' };

/** Static keys in the environment, as the default chain reads them, and no instance-metadata lookups. */
export function useDummyCredentials(): void {
  vi.stubEnv('AWS_ACCESS_KEY_ID', KEY.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', KEY.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', undefined);
  vi.stubEnv('AWS_PROFILE', undefined);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
}

export function startStandIn(options: BedrockStandInOptions = {}): Promise<BedrockStandIn> {
  return startBedrockStandIn({ credentials: [KEY], ...options });
}

/** A connection to the stand-in with millisecond backoff, so retry tests stay fast. */
export function connectionTo(standIn: BedrockStandIn, overrides: Partial<BedrockConnection> = {}): BedrockConnection {
  return {
    region: 'us-east-1',
    endpoint: standIn.url,
    timeoutMs: 5_000,
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    ...overrides,
  };
}
