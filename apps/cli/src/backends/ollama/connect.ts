import { redactUrl } from '@evalpacks/core';
import { createOllamaAgent, createOllamaJudge, preflightOllama, resolveOllamaHost } from '@evalpacks/models';
import type { Connection, ConnectRequest } from '../backend-entry.ts';

export function connectOllama({
  options,
  models,
  timeoutMs,
  calls,
}: ConnectRequest<{ ollamaHost?: string }>): Connection {
  const host = resolveOllamaHost(options.ollamaHost);
  return {
    where: ` @ ${redactUrl(host)}`,
    agent: (model) => createOllamaAgent({ host, model, timeoutMs, calls }),
    judge: (model) => createOllamaJudge({ host, model, timeoutMs, calls }),
    preflight: () => preflightOllama(host, models),
  };
}
