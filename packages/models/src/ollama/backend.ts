import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import type { ChatRequest } from 'ollama';
import { cachedJudge, type StructuredRole } from '../common/cached-judge.ts';
import { lazyStrandsAgent } from '../strands/lazy-agent.ts';
import type { OllamaHosts } from './host-pool.ts';
import { JUDGE_TEMPERATURE, judgeOutputTokens, ollamaStructuredCall } from './judge.ts';

/** Ollama's `think`: on, off, or a level for models that take one. */
export type ThinkSetting = NonNullable<ChatRequest['think']>;

export interface OllamaRoleOptions {
  /** The run's servers, shared by every role on them. */
  hosts: OllamaHosts;
  model: string;
  /** The server's default when unset. */
  think?: ThinkSetting;
  /** The call cache and counter every model call goes through; without it every call is made. */
  calls?: ModelCalls;
}

/**
 * The agent under test as core sees it: a Strands agent whose model is served by Ollama, its turns cached
 * by the same CachedModel as every Strands backend's.
 */
export function createOllamaAgent(options: OllamaRoleOptions & { maxTokens?: number }): AgentPort {
  const { hosts, model, think, maxTokens, calls } = options;
  const settings = { model, ...(think !== undefined && { think }), ...(maxTokens !== undefined && { maxTokens }) };
  return lazyStrandsAgent('ollama', model, calls, async () => {
    const agent = await import('./agent.ts');
    return {
      model: agent.createOllamaModel(hosts, settings),
      run: (_shared, request, tools, wrap) =>
        agent.runOllamaAgent({
          hosts,
          ...settings,
          turns: wrap,
          systemPrompt: request.systemPrompt,
          input: request.input,
          ...(request.conversation && { conversation: request.conversation }),
          maxTurns: request.maxTurns,
          tools,
          ...(request.onCallSent && { onCallSent: request.onCallSent }),
        }),
    };
  });
}

/**
 * The judge as core sees it: one schema-constrained call at temperature 0, cached under its settings
 * (temperature, think and the num_predict they give; not the host, nor num_ctx, see cachedJudge).
 */
export function createOllamaJudge(options: OllamaRoleOptions & { role?: StructuredRole }): JudgePort {
  const { hosts, model, think, calls, role } = options;
  const port: JudgePort = {
    backend: 'ollama',
    model,
    call: ({ system, prompt, jsonSchema }) =>
      ollamaStructuredCall({ hosts, model, system, prompt, jsonSchema, ...(think !== undefined && { think }) }),
  };
  const settings = { temperature: JUDGE_TEMPERATURE, think: think ?? null, numPredict: judgeOutputTokens(think) };
  return cachedJudge(port, calls, settings, role);
}
