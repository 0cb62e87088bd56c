// The SDK's Node 22 notice is for its maintainers' schedule; it would break the one-line error contract.
// Set before the SDK loads (this module is only imported when a run uses Bedrock).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { redactUrl } from '@evalpacks/core/report';
import type { Connection, ConnectRequest } from '../backend-entry.ts';

interface BedrockFlags {
  region?: string;
  profile?: string;
  bedrockEndpoint?: string;
}

/** Bedrock's credentials are checked up front: that needs no network, and a run without them ends at once. */
export async function connectBedrock({
  options,
  models,
  timeoutMs,
  calls,
  signals,
}: ConnectRequest<BedrockFlags>): Promise<Connection> {
  const bedrock = await import('@evalpacks/models/bedrock');
  const connection = {
    region: await bedrock.resolveBedrockRegion(options.region, options.profile),
    timeoutMs,
    ...(signals && { signals }),
    ...(options.profile && { profile: options.profile }),
    ...(options.bedrockEndpoint && { endpoint: options.bedrockEndpoint }),
  };
  // Offline nothing is signed or sent, so no credentials are needed.
  const source = calls.mode === 'offline' ? undefined : await bedrock.checkBedrockCredentials(connection);
  const profile =
    source?.kind === 'api-key'
      ? ` · ${bedrock.describeCredentialSource(source)}`
      : options.profile
        ? ` · profile ${options.profile}`
        : '';
  return {
    where: ` · ${connection.region}${profile}${options.bedrockEndpoint ? ` @ ${redactUrl(options.bedrockEndpoint)}` : ''}`,
    agent: (model) => bedrock.createBedrockAgent({ ...connection, model, calls }),
    judge: (model, role) => bedrock.createBedrockJudge({ ...connection, model, calls, role }),
    preflight: () => bedrock.preflightBedrock(connection, models),
  };
}
