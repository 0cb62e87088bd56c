/**
 * Our own view of Ollama's wire types. The testkit does not import `ollama` at runtime or for types,
 * so a package that only uses the stand-in does not need the client installed.
 */

export interface ChatToolCall {
  id?: string;
  function: { index?: number; name: string; arguments: Record<string, unknown> };
}

export interface ChatMessage {
  role: string;
  content: string;
  thinking?: string;
  images?: string[];
  tool_calls?: ChatToolCall[];
  tool_name?: string;
}

/** The body of `POST /api/chat` as received. */
export interface ChatRequest {
  model: string;
  messages?: ChatMessage[];
  tools?: unknown[];
  format?: string | Record<string, unknown>;
  options?: Record<string, unknown>;
  stream?: boolean;
  think?: boolean | 'high' | 'medium' | 'low';
  keep_alive?: string | number;
}

export type MessageRole = 'user' | 'tool' | 'assistant';

/** Declarative matcher: every field given must hold. Plain JSON, so the CLI can load it from a file. */
export interface MatchSpec {
  model?: string;
  /** Substrings that must all appear in the system, user and tool message contents. */
  contains?: string | string[];
  /** Substring of the system message. */
  system?: string;
  /** The request carries `format` (structured output, as judge calls do). */
  hasFormat?: boolean;
  hasTools?: boolean;
  lastRole?: MessageRole;
}

export type Matcher = MatchSpec | ((req: ChatRequest) => boolean);

export type Fault =
  | 'http-500'
  | 'model-not-found'
  /** Destroy the socket mid-request: before any byte, or mid-stream when streaming. */
  | 'reset'
  /** Never answer; the socket stays open until the client gives up or close() is called. */
  | 'hang'
  /** 200 with a body that is not valid JSON. */
  | 'malformed';

export interface ReplyToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Reply {
  content?: string;
  thinking?: string;
  toolCalls?: ReplyToolCall[];
  /** Overrides the stand-in's default latency for this reply. */
  latencyMs?: number;
  /** Defaults to ceil(chars / 4) of the request's message contents. */
  promptTokens?: number;
  /** Defaults to ceil(chars / 4) of content, thinking and tool calls. */
  outputTokens?: number;
  fault?: Fault;
}

/** `n` is this rule's use count including the current one, so the first use gets 1. */
export type ReplyFn = (req: ChatRequest, n: number) => Reply;

export interface Rule {
  match?: Matcher;
  reply: Reply | ReplyFn;
  /** Use the rule at most this many times, then skip it. */
  times?: number;
}

export interface CallRecord<B = unknown> {
  path: string;
  method: string;
  /** Parsed JSON, or undefined when there was no body or it was not JSON. */
  body: B;
  /** Date.now() when the request arrived. */
  at: number;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

export interface StandInOptions {
  /** Defaults to ['qwen3.5:4b']. */
  models?: string[];
  /** Delay before every chat reply, in ms. Defaults to 0. */
  latencyMs?: number;
  /** Defaults to a random free port. */
  port?: number;
  /**
   * 'user:password': answer like a reverse proxy with basic auth in front of Ollama, 401 to any request
   * without that Basic Authorization header.
   */
  basicAuth?: string;
}

export interface OllamaStandIn {
  /** 'http://127.0.0.1:PORT' */
  readonly url: string;
  readonly calls: readonly CallRecord[];
  /** Rules are tried in the order added; the first match wins. */
  script(rule: Rule): void;
  chatCalls(filter?: Matcher): CallRecord<ChatRequest>[];
  /** Drops rules and recorded calls. */
  reset(): void;
  /** Also destroys open sockets, hung requests included. */
  close(): Promise<void>;
}
