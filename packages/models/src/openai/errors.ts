import { InfrastructureError } from '@evalpacks/core/runner';
import { causeChain, describeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { replyTooLarge } from '../common/reply-cap.ts';

export type OpenAIUnavailableKind =
  | 'unreachable'
  | 'invalid-key'
  | 'access-denied'
  | 'unknown-model'
  | 'preflight-failed';

/** A failure of an OpenAI-compatible server no case can survive: the runner stops, the CLI prints `fix`, exit 2. */
export class OpenAIUnavailableError extends InfrastructureError {
  override name = 'OpenAIUnavailableError';
  constructor(
    readonly kind: OpenAIUnavailableKind,
    message: string,
    fix: string,
    override readonly cause: unknown,
  ) {
    super(message, fix);
  }
}

export interface OpenAITarget {
  baseURL: string;
  model: string;
}

/** The openai client's APIError in the chain: it carries the HTTP status. */
function apiError(err: unknown): (Error & { status: number; error?: { message?: string } }) | undefined {
  return causeChain(err).find(
    (e): e is Error & { status: number } => e instanceof Error && typeof fieldOf(e, 'status') === 'number',
  );
}

/** The server's own words: the body's error message, without the status the client puts in front. */
function serverMessage(error: Error & { status: number; error?: { message?: string } }): string {
  const said = error.error?.message;
  return typeof said === 'string' && said !== '' ? said : error.message.replace(/^\d{3}\s+/, '');
}

/** Returns the run-ending failure hidden in `err` (nothing listening, key refused, model unknown), if any. */
export function asOpenAIUnavailable(err: unknown, target: OpenAITarget): OpenAIUnavailableError | undefined {
  const chain = causeChain(err);
  const existing = chain.find((e) => e instanceof OpenAIUnavailableError);
  if (existing) return existing as OpenAIUnavailableError;
  const make = (kind: OpenAIUnavailableKind, message: string, fix: string) =>
    new OpenAIUnavailableError(kind, message, fix, err);
  const code = chain.map((e) => fieldOf(e, 'code')).find((c) => typeof c === 'string' && UNREACHABLE_CODES.has(c));
  if (code) {
    return make(
      'unreachable',
      `Cannot reach the OpenAI-compatible server at ${target.baseURL} (${String(code)})`,
      'Start the server (e.g. `vllm serve MODEL`, `llama-server -m FILE`) or pass the right --base-url, ending in /v1.',
    );
  }
  const api = apiError(err);
  if (!api) return undefined;
  const said = `HTTP ${api.status}: ${serverMessage(api)}`;
  if (api.status === 401) {
    return make(
      'invalid-key',
      `The server at ${target.baseURL} refused the API key (${said})`,
      'Export OPENAI_API_KEY with a key the server accepts (the value of its --api-key).',
    );
  }
  if (api.status === 403) {
    return make(
      'access-denied',
      `The server at ${target.baseURL} denied access to '${target.model}' (${said})`,
      'Use an API key that is allowed this model, or pass another --model / --judge-model.',
    );
  }
  if (api.status === 404 && serverMessage(api).includes(target.model)) {
    return make(
      'unknown-model',
      `The server at ${target.baseURL} serves no model '${target.model}' (${said})`,
      'Pass a served model id with --model / --judge-model (GET /v1/models lists them).',
    );
  }
  return undefined;
}

/** A one-line reason for a transcript or judge error, e.g. `HTTP 503: The engine is currently overloaded…`. */
export function describeOpenAIError(err: unknown): string {
  const cut = replyTooLarge(err);
  if (cut) return cut.reason;
  const api = apiError(err);
  return api ? `HTTP ${api.status}: ${serverMessage(api)}` : describeChain(err);
}
