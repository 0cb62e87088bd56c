import type { JudgePort, ModelCalls, StructuredCallRequest, StructuredCallResponse } from '@evalpacks/core/runner';
import { isJudgeAnswer } from './cached-shapes.ts';

/** The roles that make structured calls: the judge, and the simulated user over the same port. */
export type StructuredRole = 'judge' | 'user';

/**
 * A backend's judge with every call going through the call cache: the one place judge answers are kept
 * and replayed, whatever the backend. The key is what decides the answer: the backend and model, the
 * system and user prompts, the verdict schema, the epoch, the judge prompt's version, and `settings`,
 * the generation options the backend sends with every judge call (temperature, output budget, think).
 * The server's address is not in it: the same model on another host is the same question.
 *
 * A hit spent nothing: no tokens, no retries, and only the time the lookup took.
 *
 * The simulated user makes the same kind of call with its own prompt; `role` files its calls under 'user'
 * (counted and stored apart from the judge's; its prompt version and conversation are in the key).
 */
export function cachedJudge(
  port: JudgePort,
  calls: ModelCalls | undefined,
  settings: Record<string, unknown>,
  role: StructuredRole = 'judge',
): JudgePort {
  if (!calls) return port;
  return {
    backend: port.backend,
    model: port.model,
    call: (request: StructuredCallRequest) => {
      const started = performance.now();
      const free = (cached: StructuredCallResponse): StructuredCallResponse => ({
        ...cached,
        usage: { input: 0, output: 0 },
        latencyMs: Math.round(performance.now() - started),
        retries: 0,
      });
      const material = {
        backend: port.backend,
        model: port.model,
        params: settings,
        system: request.system,
        messages: [{ role: 'user', content: request.prompt }],
        tools: [],
        outputSchema: request.jsonSchema,
        epoch: request.epoch ?? 0,
        promptVersion: request.promptVersion,
      };
      return calls.run(role, material, () => port.call(request), free, isJudgeAnswer);
    },
  };
}
