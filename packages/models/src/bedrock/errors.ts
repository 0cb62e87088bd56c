import { InfrastructureError } from '@evalpacks/core/runner';
import { causeChain, describeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { replyTooLarge } from '../common/reply-cap.ts';
import { BEDROCK_API_KEY_VARIABLE, bedrockCredentialSource, describeCredentialSource } from './credentials.ts';

export type BedrockUnavailableKind =
  | 'no-credentials'
  | 'invalid-credentials'
  | 'invalid-api-key'
  | 'access-denied'
  | 'model-not-enabled'
  | 'unknown-model'
  | 'needs-inference-profile'
  | 'unreachable'
  | 'preflight-failed';

/** A Bedrock failure no case can survive: the runner stops, the CLI prints `fix` and exits 2. */
export class BedrockUnavailableError extends InfrastructureError {
  override name = 'BedrockUnavailableError';
  constructor(
    readonly kind: BedrockUnavailableKind,
    message: string,
    fix: string,
    override readonly cause: unknown,
  ) {
    super(message, fix);
  }
}

/** Where a call went, for messages that say what to change. */
export interface BedrockTarget {
  model: string;
  region: string;
  profile?: string;
  endpoint?: string;
}

const INVALID_CREDENTIALS = new Set([
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'IncompleteSignature',
  'MissingAuthenticationTokenException',
]);

/** The SDK's service exception in the chain: it has a name from `x-amzn-errortype` and `$metadata`. */
function serviceError(
  err: unknown,
): (Error & { $metadata?: { httpStatusCode?: number; attempts?: number } }) | undefined {
  return causeChain(err).find((e): e is Error => e instanceof Error && fieldOf(e, '$metadata') !== undefined);
}

function where(target: BedrockTarget): string {
  return target.endpoint ?? `bedrock-runtime.${target.region}.amazonaws.com`;
}

function credentialsHint(target: BedrockTarget): string {
  return describeCredentialSource(bedrockCredentialSource(target.profile));
}

/** Returns the run-ending failure hidden in `err` (credentials, access, model id, endpoint), if any. */
export function asBedrockUnavailable(err: unknown, target: BedrockTarget): BedrockUnavailableError | undefined {
  const chain = causeChain(err);
  const existing = chain.find((e) => e instanceof BedrockUnavailableError);
  if (existing) return existing as BedrockUnavailableError;
  const make = (kind: BedrockUnavailableKind, message: string, fix: string) =>
    new BedrockUnavailableError(kind, message, fix, err);
  const { model, region } = target;

  if (chain.some((e) => fieldOf(e, 'name') === 'CredentialsProviderError')) {
    return make(
      'no-credentials',
      `No AWS credentials found through ${credentialsHint(target)} (${(chain.at(-1) as Error)?.message ?? 'unknown'})`,
      `Export AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or pass --profile NAME (or set AWS_PROFILE) for a configured profile (for SSO run \`aws sso login --profile NAME\`), or export a Bedrock API key in ${BEDROCK_API_KEY_VARIABLE}.`,
    );
  }
  const code = chain.map((e) => fieldOf(e, 'code')).find((c) => typeof c === 'string' && UNREACHABLE_CODES.has(c));
  if (code) {
    return make(
      'unreachable',
      `Cannot reach Bedrock at ${where(target)} (${String(code)})`,
      'Check --bedrock-endpoint and --region, and that this machine can reach the Bedrock Runtime endpoint.',
    );
  }
  const service = serviceError(err);
  if (!service) return undefined;
  const said = `${service.name}: ${service.message}`;
  if (INVALID_CREDENTIALS.has(service.name)) {
    return make(
      'invalid-credentials',
      `AWS refused the credentials from ${credentialsHint(target)} (${said})`,
      'Refresh them (`aws sso login`, or new AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY with a matching AWS_SESSION_TOKEN) and try again.',
    );
  }
  // The service refuses a Bedrock API key (bearer auth) at its front door, naming the key in the message.
  if (service.name === 'AccessDeniedException' && /\bAPI Key\b/i.test(service.message)) {
    return make(
      'invalid-api-key',
      `Bedrock refused the API key from ${BEDROCK_API_KEY_VARIABLE} (${said})`,
      `Create a new Bedrock API key in region ${region} (Bedrock console, API keys) and export it in ${BEDROCK_API_KEY_VARIABLE}, or unset ${BEDROCK_API_KEY_VARIABLE} to sign with AWS credentials.`,
    );
  }
  if (service.name === 'AccessDeniedException') {
    return /don.t have access to the model/i.test(service.message)
      ? make(
          'model-not-enabled',
          `Model '${model}' is not enabled for this account in ${region} (${said})`,
          `Enable it in the Bedrock console under Model access (region ${region}), or pass another --model / --judge-model.`,
        )
      : make(
          'access-denied',
          `Access to '${model}' in ${region} was denied (${said})`,
          'Allow bedrock:InvokeModel on the model and its inference profile for the IAM identity you use, or use --profile NAME with one that has it.',
        );
  }
  if (service.name === 'ResourceNotFoundException') {
    return make(
      'model-not-enabled',
      `Model '${model}' cannot be used in ${region} (${said})`,
      `Enable it in the Bedrock console under Model access (region ${region}; Anthropic models need the use-case form once), or pass another --model / --judge-model.`,
    );
  }
  if (service.name === 'ValidationException' && /model identifier is invalid/i.test(service.message)) {
    return make(
      'unknown-model',
      `Bedrock in ${region} does not know the model id '${model}' (${said})`,
      `Pass a model or inference-profile id that exists in ${region} with --model / --judge-model (\`aws bedrock list-inference-profiles --region ${region}\` lists them), e.g. us.anthropic.claude-sonnet-4-5-20250929-v1:0.`,
    );
  }
  if (service.name === 'ValidationException' && /on-demand throughput isn.t supported/i.test(service.message)) {
    return make(
      'needs-inference-profile',
      `Model '${model}' is only served through an inference profile (${said})`,
      `Pass its cross-region inference profile id instead, e.g. us.${model.replace(/^(us|eu|apac|global)\./, '')}.`,
    );
  }
  return undefined;
}

/** A one-line reason for a transcript or judge error, e.g. `ThrottlingException (HTTP 429, 6 attempts): …`. */
export function describeBedrockError(err: unknown): string {
  const cut = replyTooLarge(err);
  if (cut) return cut.reason;
  const service = serviceError(err);
  if (!service) return describeChain(err);
  const status = service.$metadata?.httpStatusCode;
  const attempts = service.$metadata?.attempts ?? 1;
  const detail = [status ? `HTTP ${status}` : '', attempts > 1 ? `${attempts} attempts` : '']
    .filter(Boolean)
    .join(', ');
  return `${service.name}${detail ? ` (${detail})` : ''}: ${service.message}`;
}
