import { redactUrl } from '@evalpacks/core/report';
import {
  type checkOllamaCapabilities,
  createOllamaAgent,
  createOllamaJudge,
  OllamaHost,
  OllamaHosts,
  preflightOllamaHosts,
} from '@evalpacks/models';
import type { Connection, ConnectRequest } from '../backend-entry.ts';
import { ollamaHostSpecs } from './hosts-option.ts';
import { hostsRow } from './hosts-row.ts';
import type { OllamaFlags } from './options.ts';

/**
 * The run's Ollama servers: its agents and judge share one OllamaHost per server (one client, /api/show
 * asked once per model, one num_ctx per model), and with several servers each call goes to the least busy
 * one. The preflight checks the models are there, then, from /api/show, what each role needs of its model
 * (tools for a tool pack, thinking when asked for).
 */
export function connectOllama({
  options,
  models,
  timeoutMs,
  calls,
  agentTools,
  concurrency,
  warn,
  signals,
}: ConnectRequest<{ ollamaHost?: string[] } & Partial<OllamaFlags>>): Connection {
  const specs = ollamaHostSpecs(options.ollamaHost, concurrency);
  const numCtx = options.numCtx ?? 'auto';
  const retry = { maxAttempts: (options.maxRetries ?? 5) + 1 };
  const hosts = new OllamaHosts(
    specs.map(({ url, calls }) => new OllamaHost({ host: url, timeoutMs, numCtx, retry, callsAtOnce: calls })),
    { perHost: concurrency, warn, ...(signals && { signals }) },
  );
  const thinks = (setting: OllamaFlags['think']) => setting !== undefined && setting !== false;
  const needs: Parameters<typeof checkOllamaCapabilities>[1] = [];
  // Limits of their own (`URL#N`) are named with each host; otherwise once for all.
  const own = specs.some((spec) => spec.calls !== concurrency);
  const named = specs.map(({ url, calls }) => (own ? `${redactUrl(url)} (${calls} at once)` : redactUrl(url)));
  const each = specs.length > 1 && !own ? ` · --concurrency ${concurrency} on each` : '';
  return {
    where: ` @ ${named.join(', ')} · num_ctx ${numCtx}${each}`,
    agent: (model) => {
      needs.push({ model, tools: agentTools, think: thinks(options.think), thinkFlag: '--think' });
      return createOllamaAgent({
        hosts,
        model,
        calls,
        ...(options.think !== undefined && { think: options.think }),
        ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
      });
    },
    judge: (model, role) => {
      needs.push({ model, think: thinks(options.judgeThink), thinkFlag: '--judge-think' });
      return createOllamaJudge({
        hosts,
        model,
        calls,
        role,
        ...(options.judgeThink !== undefined && { think: options.judgeThink }),
      });
    },
    preflight: () => preflightOllamaHosts(hosts, models, needs),
    progressNote: () => {
      const [serving, all] = [hosts.serving.length, hosts.all.length];
      if (all < 2) return '';
      return serving === all ? ` on ${all} ollama hosts` : ` on ${serving} of ${all} ollama hosts`;
    },
    waiting: () => hosts.waiting,
    summaryRows: () => {
      const row = hostsRow(hosts.usage());
      return row ? [row] : [];
    },
  };
}
