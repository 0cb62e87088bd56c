import type { ChatRequest, ChatResponse, Ollama } from 'ollama';

/** `--num-ctx`: sized per request from the prompt (auto), or one fixed context for every request. */
export type NumCtxSetting = 'auto' | number;

/** Sizes are rounded up to this step: fewer distinct contexts, and so fewer runner reloads. */
export const CONTEXT_STEP = 2048;

/** Headroom over the estimate, for tokenizers denser than four characters a token and chat templates. */
const ESTIMATE_HEADROOM = 1.25;

/** Per message, what the chat template wraps it in (role markers), in characters. */
const TEMPLATE_CHARS = 16;

/**
 * Below this many tokens no prompt can have overflowed a context Ollama uses (2048 is the smallest
 * default it has shipped), so a low prompt_eval_count there is a cached or scripted count, not a cut.
 */
const SMALLEST_SERVER_CONTEXT = 2048;

/** prompt_eval_count below this share of the estimate means the server dropped part of the prompt. */
const TRUNCATED_SHARE = 0.6;

/** The prompt's tokens as Ollama will count them, estimated at four characters a token. */
export function estimatePromptTokens(request: ChatRequest): number {
  let chars = request.tools?.length ? JSON.stringify(request.tools).length : 0;
  for (const message of request.messages ?? []) {
    chars += TEMPLATE_CHARS + (message.content?.length ?? 0) + (message.thinking?.length ?? 0);
    if (message.tool_calls?.length) chars += JSON.stringify(message.tool_calls).length;
  }
  return Math.ceil(chars / 4);
}

/** A prompt that cannot fit the context it would be sent with: refused before it is sent and cut. */
export class PromptTooLongError extends Error {
  override name = 'PromptTooLongError';
  constructor(
    readonly promptTokens: number,
    readonly contextTokens: number,
    where: string,
  ) {
    super(
      `the prompt needs about ${promptTokens} tokens but ${where} holds ${contextTokens}; shorten the input or use a model with a longer context`,
    );
  }
}

/** The server answered from a shortened prompt: whatever it said is not an answer to what was asked. */
export class PromptTruncatedError extends Error {
  override name = 'PromptTruncatedError';
  constructor(
    readonly evaluatedTokens: number,
    readonly sentTokens: number,
    numCtx: number,
    /** The context /api/ps says the model runs with, when it says. */
    serverContext: number | undefined,
  ) {
    const ran = serverContext === undefined ? '' : `; the model runs with a ${serverContext}-token context`;
    super(
      `the server truncated the prompt to ${evaluatedTokens} tokens (about ${sentTokens} were sent with num_ctx ${numCtx}${ran}); check that nothing between here and Ollama drops options.num_ctx, or pass a larger --num-ctx`,
    );
  }
}

/**
 * Whether prompt_eval_count says the server read far less than was sent. Only a suspicion: a count
 * can be low for other reasons, so `confirmTruncation` asks /api/ps what context the model runs with.
 */
export function looksTruncated(response: ChatResponse, sentTokens: number): boolean {
  const evaluated = response.prompt_eval_count ?? 0;
  return sentTokens >= SMALLEST_SERVER_CONTEXT && evaluated > 0 && evaluated < sentTokens * TRUNCATED_SHARE;
}

const withTag = (name: string) => (name.slice(name.lastIndexOf('/') + 1).includes(':') ? name : `${name}:latest`);

/**
 * Throws PromptTruncatedError when the model runs with a context shorter than the prompt (/api/ps
 * `context_length`), or when the server does not say and prompt_eval_count is all there is to go by.
 */
export async function confirmTruncation(
  client: Ollama,
  response: ChatResponse,
  model: string,
  sentTokens: number,
  numCtx: number,
): Promise<void> {
  const running = (await client.ps().catch(() => undefined))?.models.find((m) => withTag(m.name) === withTag(model));
  // ollama-js 0.6.4's types predate context_length; servers since 0.7 send it.
  const context = (running as { context_length?: unknown } | undefined)?.context_length;
  const serverContext = typeof context === 'number' && context > 0 ? context : undefined;
  if (serverContext !== undefined && serverContext >= sentTokens) return;
  throw new PromptTruncatedError(response.prompt_eval_count ?? 0, sentTokens, numCtx, serverContext);
}

/**
 * The num_ctx of one model on one server. Auto sizes each request from its prompt estimate plus the
 * output budget, rounded up to CONTEXT_STEP and capped at the model's own context; it never shrinks
 * within a run, because Ollama reloads the model for every new num_ctx.
 */
export class ContextWindow {
  #highWater = 0;

  constructor(
    readonly model: string,
    private readonly setting: NumCtxSetting,
    /** The model's trained context from /api/show, when it says. */
    readonly modelContext: number | undefined,
  ) {}

  /** The num_ctx to send, or PromptTooLongError when the prompt alone cannot fit. */
  sizeFor(promptTokens: number, outputTokens: number): number {
    const cap = this.modelContext ?? Number.POSITIVE_INFINITY;
    if (this.setting !== 'auto') {
      const fixed = Math.min(this.setting, cap);
      const where = fixed < this.setting ? `${this.model}'s context` : `--num-ctx ${this.setting}`;
      if (promptTokens >= fixed) throw new PromptTooLongError(promptTokens, fixed, where);
      return fixed;
    }
    if (promptTokens >= cap) throw new PromptTooLongError(promptTokens, cap, `${this.model}'s context`);
    const wanted = Math.ceil(promptTokens * ESTIMATE_HEADROOM) + outputTokens;
    const stepped = Math.ceil(wanted / CONTEXT_STEP) * CONTEXT_STEP;
    this.#highWater = Math.min(cap, Math.max(this.#highWater, stepped));
    return this.#highWater;
  }

  /** The largest num_ctx sent so far (auto), or the fixed one: what the run header shows as used. */
  get used(): number | undefined {
    if (this.setting !== 'auto') return Math.min(this.setting, this.modelContext ?? this.setting);
    return this.#highWater || undefined;
  }
}
