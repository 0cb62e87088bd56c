import type { ModelCalls } from '@evalpacks/core';
import type { OllamaFlags } from './ollama-options.ts';

/** What the Ollama connection needs to know of the run beyond the flags. */
export interface OllamaRun {
  ollamaHost?: string;
  flags?: Partial<OllamaFlags>;
  /** Agent models on Ollama, and whether the pack gives them tools. */
  agentModels: string[];
  agentNeedsTools?: boolean;
  /** The judge model, when the judge runs on Ollama. */
  judgeModel?: string;
  timeoutMs: number;
  calls: ModelCalls;
}

/**
 * One Ollama server for the run: its agents and judge share one OllamaHost (one client, /api/show asked
 * once per model, one num_ctx per model). The preflight checks the models are there, then what each
 * role needs of its model (tools, thinking) from /api/show.
 */
export async function connectOllama(run: OllamaRun) {
  const ollama = await import('@evalpacks/models');
  const url = ollama.resolveOllamaHost(run.ollamaHost);
  const flags = run.flags ?? {};
  const server = new ollama.OllamaHost({
    host: url,
    timeoutMs: run.timeoutMs,
    numCtx: flags.numCtx ?? 'auto',
    retry: { maxAttempts: (flags.maxRetries ?? 5) + 1 },
  });
  const models = [...run.agentModels, ...(run.judgeModel ? [run.judgeModel] : [])];
  const needs = [
    ...run.agentModels.map((model) => ({
      model,
      tools: run.agentNeedsTools ?? false,
      think: flags.think !== undefined && flags.think !== false,
      thinkFlag: '--think',
    })),
    ...(run.judgeModel
      ? [
          {
            model: run.judgeModel,
            think: flags.judgeThink !== undefined && flags.judgeThink !== false,
            thinkFlag: '--judge-think',
          },
        ]
      : []),
  ];
  const calls = run.calls;
  return {
    where: ` @ ${url}`,
    host: url,
    agent: (model: string) =>
      ollama.createOllamaAgent({
        host: server,
        model,
        calls,
        ...(flags.think !== undefined && { think: flags.think }),
        ...(flags.maxTokens !== undefined && { maxTokens: flags.maxTokens }),
      }),
    judge: (model: string) =>
      ollama.createOllamaJudge({
        host: server,
        model,
        calls,
        ...(flags.judgeThink !== undefined && { think: flags.judgeThink }),
      }),
    preflight: async () => {
      await ollama.preflightOllama(url, models);
      await ollama.checkOllamaCapabilities(server, needs);
    },
    /** `num_ctx auto` or `num_ctx 8192`, for the header's Ollama lines. */
    contextNote: ` · num_ctx ${server.numCtx}`,
  };
}
