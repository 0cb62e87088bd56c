import type { Oversized } from '../common/oversized.ts';
import type { MatcherOf, ReplyFnOf, RuleShape } from '../common/rule-list.ts';
/**
 * Our own view of the OpenAI Chat Completions wire types, as vLLM, SGLang, llama.cpp's server and
 * LM Studio serve them. The testkit imports nothing of the `openai` package, so a package that only
 * uses the stand-in does not need the client installed.
 */

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface WireMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  /** A string, or content parts (`[{ type: 'text', text }]`) as the Strands provider sends user turns. */
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
}

export interface ResponseFormat {
  type: 'text' | 'json_object' | 'json_schema';
  json_schema?: { name: string; schema?: Record<string, unknown>; strict?: boolean };
}

/** The body of `POST /v1/chat/completions` as received. */
export interface CompletionRequest {
  model: string;
  messages?: WireMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  response_format?: ResponseFormat;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  /** Return each generated token's log-probability under choices[0].logprobs.content. */
  logprobs?: boolean;
  top_logprobs?: number;
  [other: string]: unknown;
}

/** What a server does with `response_format: json_schema`: vLLM and llama.cpp honour it, some ignore or refuse it. */
export type JsonSchemaSupport = 'honour' | 'ignore' | 'reject';

/** Declarative matcher: every field given must hold. Plain JSON, so rules can come from a file. */
export interface MatchSpec {
  model?: string;
  /** Substrings that must all appear in the system, user and tool message contents. */
  contains?: string | string[];
  /** Substring of the system message. */
  system?: string;
  /** The request asks for a json_schema answer and the server honours that (as judge calls do). */
  hasJsonSchema?: boolean;
  hasTools?: boolean;
  /** The last message is a tool result, i.e. the model is asked to go on after a tool ran. */
  afterToolResult?: boolean;
}

export type Matcher = MatcherOf<MatchSpec, CompletionRequest>;

/**
 * Faults an OpenAI-compatible server or the proxy in front of it produces: `rate-limited` is a 429
 * (with `retryAfterSeconds` as Retry-After), `server-error` a 500, `bad-gateway` a 502,
 * `overloaded` a 503; `reset` cuts the connection (mid-stream when streaming); `hang` never answers;
 * `malformed` sends a 200 whose body (or stream) is not JSON.
 */
export type Fault = 'rate-limited' | 'server-error' | 'bad-gateway' | 'overloaded' | 'reset' | 'hang' | 'malformed';

export interface ReplyToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Reply {
  content?: string;
  toolCalls?: ReplyToolCall[];
  /**
   * The probability (0..1) of chosen tokens, by their text (e.g. `{ true: 0.55 }`), returned when the request
   * asks for `logprobs`; every other token is nearly certain.
   */
  tokenProbabilities?: Record<string, number>;
  /** Defaults to `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
  /** Defaults to ceil(chars / 4) of the messages' contents. */
  promptTokens?: number;
  /** Defaults to ceil(chars / 4) of the content and tool calls. */
  completionTokens?: number;
  /** Overrides the stand-in's default latency for this reply. */
  latencyMs?: number;
  fault?: Fault;
  /** Sent as `retry-after` with a fault, in seconds. */
  retryAfterSeconds?: number;
  /** Any other error: the status and the body's error fields. */
  error?: { status: number; message: string; type?: string; code?: string | number | null };
  /**
   * A reply of `oversized.bytes` whose content is padding, made as the client reads it (as events when
   * the request streams): for testing a client's size cap. The other fields but latencyMs are ignored.
   */
  oversized?: Oversized;
}

export type ReplyFn = ReplyFnOf<CompletionRequest, Reply>;

export type Rule = RuleShape<CompletionRequest, Reply, Matcher>;

export interface CallRecord {
  method: string;
  path: string;
  /** Parsed JSON, or undefined when there was no body or it was not JSON. */
  body: CompletionRequest | undefined;
  /** Whether the request carried the expected bearer key: `unchecked` when the server wants none. */
  auth: 'valid' | 'missing' | 'wrong' | 'unchecked';
  /** Whether the request got past auth, model, validation and quota to the script. */
  scripted?: boolean;
  /** The HTTP status the stand-in answered with. */
  status?: number;
  /** Date.now() when the request arrived. */
  at: number;
  /** For an oversized reply: the bytes of it made and handed to the socket so far (what the client let through). */
  bytesPulled?: number;
}

/** A token bucket in front of the chat route, as a hosted API's rate limit or a gateway's quota. */
export interface Quota {
  /** Calls admitted per second, on average. */
  perSecond: number;
  /** Calls admitted at once from a full bucket; defaults to perSecond. */
  burst?: number;
}

export interface OpenAIStandInOptions {
  /** Served model ids (`/v1/models`); any other is a 404 as vLLM gives it. Defaults to ['qwen3.5-4b']. */
  models?: string[];
  /** When given, every request must carry `Authorization: Bearer <apiKey>`, else a 401. */
  apiKey?: string;
  /** Defaults to 'honour'. */
  jsonSchema?: JsonSchemaSupport;
  /** Over quota, a chat request gets a 429 with the seconds until a token is free as retry-after. */
  quota?: Quota;
  /** Delay before every chat reply, in ms. Defaults to 0. */
  latencyMs?: number;
  /** Defaults to a random free port. */
  port?: number;
}

export interface OpenAIStandIn {
  /** 'http://127.0.0.1:PORT' */
  readonly url: string;
  /** 'http://127.0.0.1:PORT/v1', the client's baseURL. */
  readonly baseURL: string;
  readonly calls: readonly CallRecord[];
  /** Rules are tried in the order added; the first match wins. */
  script(rule: Rule): void;
  /** Chat calls that reached the script (authorised, known model, valid), optionally filtered. */
  chatCalls(filter?: Matcher): (CallRecord & { body: CompletionRequest })[];
  /** The most chat requests that were being answered at one time. */
  readonly peakInFlight: number;
  /** Drops rules and recorded calls. */
  reset(): void;
  /** Also destroys open sockets, hung requests included. */
  close(): Promise<void>;
}
