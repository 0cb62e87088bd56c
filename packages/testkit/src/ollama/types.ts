import type { Oversized } from '../common/oversized.ts';
import type { MatcherOf, ReplyFnOf, RuleShape } from '../common/rule-list.ts';
import type { SeenPrompt } from './context.ts';

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
  /** Return each generated token's log-probability (Ollama ≥ 0.12.11). */
  logprobs?: boolean;
  /** Alternatives per token, 0-20, with logprobs. */
  top_logprobs?: number;
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

export type Matcher = MatcherOf<MatchSpec, ChatRequest>;

export type Fault =
  | 'http-500'
  /** 502 with an HTML body, as a reverse proxy in front of Ollama answers when the server is down. */
  | 'http-502'
  /** 503 "server busy", what Ollama answers when its request queue (OLLAMA_MAX_QUEUE) is full. */
  | 'busy'
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
  /** Sent as message.thinking only when thinking is on (think set, or unset on a thinking model). */
  thinking?: string;
  toolCalls?: ReplyToolCall[];
  /**
   * The probability (0..1) of chosen tokens, by their text (e.g. `{ true: 0.55 }`), returned when the request
   * asks for `logprobs`; every other token is nearly certain.
   */
  tokenProbabilities?: Record<string, number>;
  /** Overrides the stand-in's default latency for this reply. */
  latencyMs?: number;
  /**
   * Defaults to ceil(chars / 4) of every message (thinking and tool calls included) and the tool
   * definitions. A prompt the server truncated reports the truncated count whatever this says.
   */
  promptTokens?: number;
  /**
   * Defaults to ceil(chars / 4) of content, thinking and tool calls. Above options.num_predict the
   * reply is cut to that many tokens (text in proportion, tool calls dropped) with done_reason "length".
   */
  outputTokens?: number;
  fault?: Fault;
  /**
   * A reply of `oversized.bytes` whose content is padding, made as the client reads it (streamed when
   * the request streams, unless `whole`): for testing a client's size cap. The other fields but
   * latencyMs are ignored.
   */
  oversized?: Oversized & {
    /** One JSON document even to a request that asked for a stream, as a buffering proxy may answer. */
    whole?: boolean;
  };
}

export type ReplyFn = ReplyFnOf<ChatRequest, Reply>;

export type Rule = RuleShape<ChatRequest, Reply, Matcher>;

export interface CallRecord<B = unknown> {
  path: string;
  method: string;
  /** Parsed JSON, or undefined when there was no body or it was not JSON. */
  body: B;
  /** Date.now() when the request arrived. */
  at: number;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** For a chat that reached the model: what it read of the prompt (truncation included). */
  seen?: SeenPrompt;
  /** For an oversized reply: the bytes of it made and handed to the socket so far (what the client let through). */
  bytesPulled?: number;
}

/** What `/api/show` lists; Ollama refuses tools or think for a model without the capability. */
export type Capability = 'completion' | 'tools' | 'thinking' | 'vision' | 'insert' | 'embedding';

export interface ModelSpec {
  name: string;
  /** The trained context, `model_info["<arch>.context_length"]`; num_ctx is capped at it. Default 32768. */
  contextLength?: number;
  /** Default completion, tools and thinking. */
  capabilities?: Capability[];
}

/** One model load (a switch, or a reload for another num_ctx). */
export interface LoadRecord {
  model: string;
  numCtx: number;
  /** Date.now() when the load began: after the wait for requests still using the model it evicts. */
  startedAt: number;
  /** Date.now() when the load finished. */
  at: number;
}

export interface StandInOptions {
  /** Defaults to ['qwen3.5:4b']; a name alone gets the ModelSpec defaults. */
  models?: (string | ModelSpec)[];
  /** The context a request without options.num_ctx gets (OLLAMA_CONTEXT_LENGTH). Default 4096. */
  defaultNumCtx?: number;
  /**
   * On (the default), a prompt longer than the context is cut from the front with HTTP 200, as
   * Ollama does; off, it is refused with 400 as a server with context shift disabled does.
   */
  contextShift?: boolean;
  /**
   * Answer as a server behind a proxy that drops `options` would: num_ctx is never seen, so every
   * request gets defaultNumCtx (and is cut when longer). Default false.
   */
  ignoreNumCtx?: boolean;
  /** Time charged for every model load or reload, in ms. Default 0. */
  loadDelayMs?: number;
  /**
   * Models resident at once (OLLAMA_MAX_LOADED_MODELS); a small GPU holds one. Default 3. A load that
   * must evict a model still answering requests waits for them, and every later request waits behind it.
   */
  maxLoaded?: number;
  /** Chat requests in flight at once before the server answers 503 busy (OLLAMA_MAX_QUEUE). Default 512. */
  maxQueue?: number;
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
  /** Every model load so far, in order: the first load of each model and every switch or reload. */
  loads(): readonly LoadRecord[];
  /** Drops rules and recorded calls. */
  reset(): void;
  /** Also destroys open sockets, hung requests included. */
  close(): Promise<void>;
}
