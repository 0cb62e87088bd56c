import type { Ollama } from 'ollama';
import type { RetryPolicy } from '../common/retry-policy.ts';
import { createOllamaClient } from './client.ts';
import { ContextWindow, type NumCtxSetting } from './context-window.ts';
import { type ModelFacts, showFacts } from './model-facts.ts';

/** How long a host that dropped a call has to show it still runs (GET /api/version). */
const PROBE_TIMEOUT_MS = 1_500;

/** How long a model stays loaded after each call: long enough to last the run, not for ever after it. */
export const RUN_KEEP_ALIVE = '30m';

export interface OllamaHostOptions {
  /** The server's URL. */
  host: string;
  /** Upper bound for one model request. */
  timeoutMs: number;
  /** Default 'auto'. */
  numCtx?: NumCtxSetting;
  retry?: Partial<RetryPolicy>;
  /** Calls in flight at once on this server, when it has a limit of its own (else its pool's). */
  callsAtOnce?: number;
}

/**
 * One Ollama server as a run uses it: one client, what /api/show says about each model (asked once),
 * and each model's context window, shared by the agent and judge calls so they agree on num_ctx and
 * the server need not reload the model between them. A run with several servers has one of these each.
 */
export class OllamaHost {
  readonly client: Ollama;
  readonly numCtx: NumCtxSetting;
  readonly #facts = new Map<string, Promise<ModelFacts>>();
  readonly #windows = new Map<string, Promise<ContextWindow>>();
  #probe: Promise<{ error: unknown } | undefined> | undefined;

  constructor(readonly options: OllamaHostOptions) {
    this.client = createOllamaClient({ host: options.host, timeoutMs: options.timeoutMs });
    this.numCtx = options.numCtx ?? 'auto';
  }

  get url(): string {
    return this.options.host;
  }

  get retry(): Partial<RetryPolicy> | undefined {
    return this.options.retry;
  }

  /** /api/show, once per model; a failed request is asked again next time. */
  facts(model: string): Promise<ModelFacts> {
    let facts = this.#facts.get(model);
    if (!facts) {
      facts = showFacts(this.client, model);
      this.#facts.set(model, facts);
      facts.catch(() => this.#facts.delete(model));
    }
    return facts;
  }

  /** The client, or one whose requests `signal` also aborts (a client costs a URL parse: cheap next to a call). */
  clientFor(signal: AbortSignal | undefined): Ollama {
    return signal ? createOllamaClient({ host: this.url, timeoutMs: this.options.timeoutMs, signal }) : this.client;
  }

  window(model: string): Promise<ContextWindow> {
    let window = this.#windows.get(model);
    if (!window) {
      window = this.facts(model).then((facts) => new ContextWindow(model, this.numCtx, facts.contextLength));
      this.#windows.set(model, window);
      window.catch(() => this.#windows.delete(model));
    }
    return window;
  }

  /**
   * Whether the server still answers at all, asked after a call lost its connection: undefined when it
   * does, else the error of the probe. Calls failing together share one probe.
   */
  stillAnswers(): Promise<{ error: unknown } | undefined> {
    this.#probe ??= createOllamaClient({ host: this.url, timeoutMs: PROBE_TIMEOUT_MS })
      .version()
      .then(
        () => undefined,
        (error: unknown) => ({ error }),
      )
      .finally(() => {
        this.#probe = undefined;
      });
    return this.#probe;
  }
}
