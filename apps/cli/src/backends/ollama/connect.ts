import { redactUrl } from '@evalpacks/core/report';
import {
  checkOllamaCapabilities,
  createOllamaAgent,
  createOllamaJudge,
  OllamaHost,
  preflightOllama,
  resolveOllamaHost,
} from '@evalpacks/models';
import type { Connection, ConnectRequest } from '../backend-entry.ts';
import type { OllamaFlags } from './options.ts';

/**
 * One Ollama server for the run: its agents and judge share one OllamaHost (one client, /api/show asked
 * once per model, one num_ctx per model). The preflight checks the models are there, then, from
 * /api/show, what each role needs of its model (tools for a tool pack, thinking when asked for).
 */
export function connectOllama({
  options,
  models,
  timeoutMs,
  calls,
  agentTools,
}: ConnectRequest<{ ollamaHost?: string } & Partial<OllamaFlags>>): Connection {
  const url = resolveOllamaHost(options.ollamaHost);
  const numCtx = options.numCtx ?? 'auto';
  const host = new OllamaHost({ host: url, timeoutMs, numCtx, retry: { maxAttempts: (options.maxRetries ?? 5) + 1 } });
  const thinks = (setting: OllamaFlags['think']) => setting !== undefined && setting !== false;
  const needs: Parameters<typeof checkOllamaCapabilities>[1] = [];
  return {
    where: ` @ ${redactUrl(url)} · num_ctx ${numCtx}`,
    agent: (model) => {
      needs.push({ model, tools: agentTools, think: thinks(options.think), thinkFlag: '--think' });
      return createOllamaAgent({
        host,
        model,
        calls,
        ...(options.think !== undefined && { think: options.think }),
        ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
      });
    },
    judge: (model) => {
      needs.push({ model, think: thinks(options.judgeThink), thinkFlag: '--judge-think' });
      return createOllamaJudge({
        host,
        model,
        calls,
        ...(options.judgeThink !== undefined && { think: options.judgeThink }),
      });
    },
    preflight: async () => {
      await preflightOllama(url, models);
      await checkOllamaCapabilities(host, needs);
    },
  };
}
