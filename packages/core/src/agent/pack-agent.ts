import { z } from 'zod';
import type { AgentPort } from '../ports/backend-ports.ts';
import { type AgentFunction, functionAgent } from './function-agent.ts';
import { httpAgent } from './http-agent.ts';

export const HttpAgentSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// url' })
      .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
        // The url is printed and stored; a secret in it would be too.
        error:
          'carries credentials (user:password@), which would be printed and stored; drop them and send them ' +
          'as a header read from the environment: headers: { authorization: process.env.AGENT_AUTH }',
      }),
    /** Per request; the CLI's --timeout applies when absent. */
    timeoutMs: z.number().int().positive().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** The most of a reply's body read; a longer reply is that case's agent error. */
    maxBodyBytes: z.number().int().positive().optional(),
  })
  .strict();

/** A pack's own agent: a function from the agent request to a transcript, or an HTTP endpoint that is one. */
export const PackAgentSchema = z.union(
  [z.custom<AgentFunction>((value) => typeof value === 'function'), HttpAgentSchema],
  { error: 'must be a function (request) => transcript, or { url }' },
);
export type PackAgent = z.output<typeof PackAgentSchema>;

/** The runner's view of a pack's own agent; `timeoutMs` bounds an HTTP request that sets none itself. */
export function createPackAgent(agent: PackAgent, defaults: { timeoutMs: number }): AgentPort {
  if (typeof agent === 'function') return functionAgent(agent);
  return httpAgent({ ...agent, timeoutMs: agent.timeoutMs ?? defaults.timeoutMs });
}
