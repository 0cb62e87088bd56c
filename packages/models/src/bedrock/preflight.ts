import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { type BedrockConnection, bedrockClientConfig } from './client-config.ts';
import { type BedrockCredentialSource, bedrockCredentialSource } from './credentials.ts';
import { asBedrockUnavailable, type BedrockTarget, BedrockUnavailableError, describeBedrockError } from './errors.ts';

/** The text of the start-up call; a stand-in script can recognise it. */
export const PREFLIGHT_PROMPT = 'evalpacks preflight: reply with OK.';

/** A start-up call should not wait as long as a long generation may. */
const PREFLIGHT_TIMEOUT_MS = 30_000;

async function resolveCredentials(client: BedrockRuntimeClient, target: BedrockTarget): Promise<void> {
  const source = bedrockCredentialSource(target.profile);
  if (source.kind === 'api-key') {
    // The SDK would send `Bearer ` with nothing after it and be refused; say so before any request.
    if (source.empty) {
      throw new BedrockUnavailableError(
        'no-credentials',
        `${source.variable} is set but empty`,
        `Export your Bedrock API key in ${source.variable}, or unset it to use AWS credentials.`,
        undefined,
      );
    }
    return;
  }
  try {
    await client.config.credentials();
  } catch (error) {
    throw asBedrockUnavailable(error, target) ?? error;
  }
}

/**
 * That there is a credential to sign with (a Bedrock API key, else the AWS chain's keys): local for keys
 * and static profiles, so it can run first and end a run that has none before anything else loads or
 * connects. Returns which one it found, for the run header; never its value.
 */
export async function checkBedrockCredentials(connection: BedrockConnection): Promise<BedrockCredentialSource> {
  const client = new BedrockRuntimeClient(bedrockClientConfig(connection));
  try {
    await resolveCredentials(client, { ...connection, model: '' });
    return bedrockCredentialSource(connection.profile);
  } finally {
    client.destroy();
  }
}

/**
 * Checks once, before any case starts, what can be known up front: that credentials resolve (no
 * network call for env keys or a static profile), then one 1-token Converse call per model, which
 * is the cheapest request that proves the id exists, is enabled for the account and is allowed to
 * this identity. Each failure becomes one line with its fix.
 */
export async function preflightBedrock(connection: BedrockConnection, models: string[]): Promise<void> {
  const client = new BedrockRuntimeClient(
    bedrockClientConfig({ ...connection, timeoutMs: Math.min(connection.timeoutMs, PREFLIGHT_TIMEOUT_MS) }),
  );
  const target = (model: string) => ({ ...connection, model });
  try {
    await resolveCredentials(client, target(models[0] ?? ''));
    for (const model of new Set(models)) {
      try {
        await client.send(
          new ConverseCommand({
            modelId: model,
            messages: [{ role: 'user', content: [{ text: PREFLIGHT_PROMPT }] }],
            inferenceConfig: { maxTokens: 1, temperature: 0 },
          }),
        );
      } catch (error) {
        throw (
          asBedrockUnavailable(error, target(model)) ??
          new BedrockUnavailableError(
            'preflight-failed',
            `The start-up call to '${model}' in ${connection.region} failed (${describeBedrockError(error)})`,
            'Check --region and --bedrock-endpoint, then try again; the Bedrock service health page shows outages.',
            error,
          )
        );
      }
    }
  } finally {
    client.destroy();
  }
}
