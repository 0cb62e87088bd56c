import type { AgentPort, AgentRequest } from '../ports/backend-ports.ts';
import { type AgentReply, transcriptFromReply } from './agent-reply.ts';

/** A pack's agent as an in-process function: any framework, any code, as long as it answers the request. */
export type AgentFunction = (request: AgentRequest) => AgentReply | Promise<AgentReply>;

/** Adapts a function to the runner's agent port; a throw or an invalid reply becomes that case's agent error. */
export function functionAgent(run: AgentFunction): AgentPort {
  const model = run.name || 'anonymous';
  return {
    backend: 'function',
    model,
    async run(request) {
      const started = performance.now();
      const reply = await run(request);
      return transcriptFromReply(reply, {
        input: request.input,
        model,
        latencyMs: Math.round(performance.now() - started),
      });
    },
  };
}
