import { BedrockRuntimeClient, type BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import type { ThrottleSignals } from '@evalpacks/core/runner';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../common/retry-policy.ts';
import { DEFAULT_BEDROCK_REGION } from '../defaults.ts';
import { capRepliesExtension } from './capped-handler.ts';
import { BackoffRetryStrategy } from './retry.ts';

/** Where and how to reach Bedrock. Credentials always come from the AWS chain, never from here. */
export interface BedrockConnection {
  region: string;
  /** A named profile from ~/.aws/config; else the chain's default (AWS_PROFILE, env keys, SSO, ...). */
  profile?: string;
  /** A VPC endpoint or a stand-in; else the public endpoint of the region. */
  endpoint?: string;
  /** Upper bound for one HTTP request. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Told of every throttled and every successful attempt, to pace the run (adaptive concurrency). */
  signals?: ThrottleSignals;
}

/** A connection and the model to call through it. */
export interface BedrockBackendOptions extends BedrockConnection {
  model: string;
}

/**
 * Client settings shared by the agent's and the judge's clients. Only the region, profile, endpoint,
 * timeout and retry policy are set, and the replies capped: signing, credentials and the HTTP/2 handler
 * stay the SDK's own.
 */
export function bedrockClientConfig(connection: BedrockConnection): BedrockRuntimeClientConfig {
  const policy = { ...DEFAULT_RETRY_POLICY, ...connection.retry };
  return {
    region: connection.region,
    ...(connection.profile && { profile: connection.profile }),
    ...(connection.endpoint && { endpoint: connection.endpoint }),
    maxAttempts: policy.maxAttempts,
    retryStrategy: new BackoffRetryStrategy(policy, Math.random, connection.signals),
    requestHandler: { requestTimeout: connection.timeoutMs },
    extensions: [capRepliesExtension()],
  };
}

/**
 * The region to use: the flag, else what the SDK finds (AWS_REGION, the profile's region), else
 * us-east-1, where the default US inference profiles are served.
 */
export async function resolveBedrockRegion(flag?: string, profile?: string): Promise<string> {
  if (flag?.trim()) return flag.trim();
  const probe = new BedrockRuntimeClient(profile ? { profile } : {});
  try {
    return await probe.config.region();
  } catch {
    return DEFAULT_BEDROCK_REGION;
  } finally {
    probe.destroy();
  }
}
