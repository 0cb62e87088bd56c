/**
 * The Bedrock backend (`@evalpacks/models/bedrock`), apart from the main entry so that a run without
 * Bedrock never loads the AWS SDK. The agent's Strands runtime loads only when an agent is created.
 */

export { countRetries, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../common/retry-policy.ts';
export { createBedrockAgent, createBedrockJudge } from './backend.ts';
export {
  type BedrockBackendOptions,
  type BedrockConnection,
  bedrockClientConfig,
  resolveBedrockRegion,
} from './client-config.ts';
export {
  BEDROCK_API_KEY_VARIABLE,
  type BedrockCredentialSource,
  bedrockCredentialSource,
  describeCredentialSource,
} from './credentials.ts';
export {
  asBedrockUnavailable,
  BedrockUnavailableError,
  type BedrockUnavailableKind,
  describeBedrockError,
} from './errors.ts';
export {
  type BedrockStructuredCallOptions,
  type BedrockStructuredCallResult,
  bedrockStructuredCall,
  VERDICT_TOOL,
} from './judge.ts';
export { checkBedrockCredentials, PREFLIGHT_PROMPT, preflightBedrock } from './preflight.ts';
export { BackoffRetryStrategy } from './retry.ts';
