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
import { ollamaHostUrls } from './hosts-option.ts';
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
}: ConnectRequest<{ ollamaHost?: string[] } & Partial<OllamaFlags>>): Connection {
  const urls = ollamaHostUrls(options.ollamaHost);
  const numCtx = options.numCtx ?? 'auto';
  const retry = { maxAttempts: (options.maxRetries ?? 5) + 1 };
  const hosts = new OllamaHosts(
    urls.map((url) => new OllamaHost({ host: url, timeoutMs, numCtx, retry })),
    { perHost: concurrency, warn },
  );
  const thinks = (setting: OllamaFlags['think']) => setting !== undefined && setting !== false;
  const needs: Parameters<typeof checkOllamaCapabilities>[1] = [];
  const several = urls.length > 1 ? ` · --concurrency ${concurrency} on each` : '';
  return {
    where: ` @ ${urls.map(redactUrl).join(', ')} · num_ctx ${numCtx}${several}`,
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
    judge: (model) => {
      needs.push({ model, think: thinks(options.judgeThink), thinkFlag: '--judge-think' });
      return createOllamaJudge({
        hosts,
        model,
        calls,
        ...(options.judgeThink !== undefined && { think: options.judgeThink }),
      });
    },
    preflight: () => preflightOllamaHosts(hosts, models, needs),
    summaryRows: () => {
      const row = hostsRow(hosts.usage());
      return row ? [row] : [];
    },
  };
}
