/**
 * Which credential a Bedrock run signs with. The AWS SDK itself prefers a Bedrock API key in
 * AWS_BEARER_TOKEN_BEDROCK over the AWS credential chain (it then sends `Authorization: Bearer` and no
 * SigV4 signature), so evalpacks follows the same order and only says which one it found, never its value.
 */
export const BEDROCK_API_KEY_VARIABLE = 'AWS_BEARER_TOKEN_BEDROCK';

export type BedrockCredentialSource =
  | { kind: 'api-key'; variable: typeof BEDROCK_API_KEY_VARIABLE; empty: boolean }
  | { kind: 'aws-chain'; profile?: string };

export function bedrockCredentialSource(
  profile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): BedrockCredentialSource {
  // The SDK checks for the variable's presence, not its content: an empty one still selects bearer auth.
  if (BEDROCK_API_KEY_VARIABLE in env) {
    return { kind: 'api-key', variable: BEDROCK_API_KEY_VARIABLE, empty: !env[BEDROCK_API_KEY_VARIABLE]?.trim() };
  }
  return { kind: 'aws-chain', ...(profile && { profile }) };
}

/** For the run header and messages: `API key from AWS_BEARER_TOKEN_BEDROCK`, `profile dev`. */
export function describeCredentialSource(source: BedrockCredentialSource): string {
  if (source.kind === 'api-key') return `API key from ${source.variable}`;
  return source.profile ? `profile '${source.profile}'` : 'the default credential chain';
}
