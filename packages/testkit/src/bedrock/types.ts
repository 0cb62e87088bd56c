import type { Oversized } from '../common/oversized.ts';
import type { MatcherOf, ReplyFnOf, RuleShape } from '../common/rule-list.ts';
/**
 * Our own view of Bedrock's Converse wire types. The testkit imports nothing of the AWS SDK, so a
 * package that only uses the stand-in does not need the client installed.
 */

export interface ConverseContentBlock {
  text?: string;
  toolUse?: { toolUseId: string; name: string; input: unknown };
  toolResult?: { toolUseId: string; content: { text?: string; json?: unknown }[]; status?: 'success' | 'error' };
  cachePoint?: { type: string };
  [other: string]: unknown;
}

export interface ConverseMessage {
  role: 'user' | 'assistant';
  content: ConverseContentBlock[];
}

export interface ConverseToolSpec {
  toolSpec?: { name: string; description?: string; inputSchema?: { json?: unknown } };
  cachePoint?: { type: string };
}

/** The body of `POST /model/{modelId}/converse` as received, with the model id from the path. */
export interface ConverseRequest {
  modelId: string;
  messages?: ConverseMessage[];
  system?: { text?: string; cachePoint?: unknown }[];
  toolConfig?: {
    tools?: ConverseToolSpec[];
    toolChoice?: { auto?: object; any?: object; tool?: { name: string } };
  };
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  [other: string]: unknown;
}

/** Declarative matcher: every field given must hold. Plain JSON, so rules can come from a file. */
export interface MatchSpec {
  modelId?: string;
  /** Substrings that must all appear in the system prompt, user text and tool results. */
  contains?: string | string[];
  /** Substring of the system prompt. */
  system?: string;
  hasTools?: boolean;
  /** The request forces this tool through toolChoice (as a structured-output judge call does). */
  forcedTool?: string;
  /** The last message carries tool results, i.e. the model is being asked to go on after a tool ran. */
  afterToolResult?: boolean;
}

export type Matcher = MatcherOf<MatchSpec, ConverseRequest>;

/**
 * Faults a real Bedrock endpoint produces. The service ones answer with the status and the
 * `x-amzn-errortype` Bedrock uses; `reset` cuts the stream; `hang` never answers; `malformed`
 * sends a 200 whose body is not JSON.
 */
export type Fault =
  | 'throttling'
  | 'service-unavailable'
  | 'internal-error'
  | 'model-timeout'
  | 'access-denied'
  | 'model-not-enabled'
  | 'validation'
  | 'reset'
  | 'hang'
  | 'malformed';

export interface ReplyToolUse {
  name: string;
  input: Record<string, unknown>;
}

export interface Reply {
  text?: string;
  toolUses?: ReplyToolUse[];
  /** Defaults to `tool_use` when there are tool uses, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'content_filtered';
  /** Defaults to ceil(chars / 4) of the system prompt, messages and tool specs. */
  inputTokens?: number;
  /** Defaults to ceil(chars / 4) of the text and tool inputs. */
  outputTokens?: number;
  /** Overrides the stand-in's default latency for this reply. */
  latencyMs?: number;
  fault?: Fault;
  /** Sent as `Retry-After` with a fault, in seconds (fractions allowed). */
  retryAfterSeconds?: number;
  /** Any other service error: the status, the `x-amzn-errortype` and the message. */
  error?: { status: number; type: string; message: string };
  /**
   * A Converse reply of `oversized.bytes` whose text is padding, made as the client reads it: for
   * testing a client's size cap. The other fields but latencyMs are ignored.
   */
  oversized?: Oversized;
}

export type ReplyFn = ReplyFnOf<ConverseRequest, Reply>;

export type Rule = RuleShape<ConverseRequest, Reply, Matcher>;

/** How the request was signed (SigV4) or which API key it bore (bearer), as the stand-in checked it. */
export type AuthOutcome =
  | 'valid'
  | 'bad-signature'
  | 'unknown-key'
  | 'unsigned'
  | 'unchecked'
  | 'malformed-api-key'
  | 'unknown-api-key';

export interface CallRecord {
  method: string;
  path: string;
  /** From the path, URL-decoded. */
  modelId: string;
  /** Parsed JSON with modelId added, or undefined when the body was not JSON. */
  body: ConverseRequest | undefined;
  auth: AuthOutcome;
  /** How the request authenticated: a SigV4 signature, a Bedrock API key, or neither. */
  scheme: 'sigv4' | 'bearer' | 'none';
  /** From the SigV4 credential scope, when the request was signed. */
  accessKeyId?: string;
  region?: string;
  /** The HTTP status the stand-in answered with. */
  status?: number;
  /** Date.now() when the request arrived. */
  at: number;
  /** For an oversized reply: the bytes of it made and handed to the stream so far (what the client let through). */
  bytesPulled?: number;
}

export interface BedrockStandInOptions {
  /** Model and inference-profile ids the "account" can see; others are a ValidationException. */
  models?: string[];
  /** Ids that exist but are not enabled for the account: AccessDeniedException. */
  notEnabled?: string[];
  /**
   * When given, every request must carry a SigV4 signature made with one of these keys; an unknown
   * key or a wrong signature is refused as the service refuses it. Without it, requests must still
   * carry a well-formed SigV4 Authorization header.
   */
  credentials?: { accessKeyId: string; secretAccessKey: string }[];
  /**
   * Bedrock API keys the "account" issued. A request with `Authorization: Bearer KEY` is accepted when
   * KEY is one of them (or, without this list, when it is merely well formed); otherwise it is refused
   * with the 403 the service gives for an invalid key.
   */
  apiKeys?: string[];
  /** Delay before every reply, in ms. Defaults to 0. */
  latencyMs?: number;
  /** Defaults to a random free port. */
  port?: number;
}

export interface BedrockStandIn {
  /** 'http://127.0.0.1:PORT', to pass as the client's endpoint. */
  readonly url: string;
  readonly calls: readonly CallRecord[];
  /** Rules are tried in the order added; the first match wins. */
  script(rule: Rule): void;
  /** Converse calls that reached the script (signed, known model), optionally filtered. */
  converseCalls(filter?: Matcher): (CallRecord & { body: ConverseRequest })[];
  /** Drops rules and recorded calls. */
  reset(): void;
  /** Also destroys open sessions, hung requests included. */
  close(): Promise<void>;
}
