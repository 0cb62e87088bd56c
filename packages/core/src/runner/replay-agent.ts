import type { CaseResult, ModelRef } from '../schema/result.ts';
import type { AgentPort } from './ports.ts';

/**
 * An agent that answers with the transcripts a stored run recorded, for re-judging: the checks and the
 * judge run again, the agent never does.
 */
export function replayAgent(agent: ModelRef, results: readonly CaseResult[]): AgentPort {
  const transcripts = new Map(results.map((result) => [`${result.case.id}#${result.epoch}`, result.transcript]));
  return {
    backend: agent.backend,
    model: agent.model,
    async run(request) {
      const transcript = transcripts.get(`${request.caseId}#${request.epoch}`);
      if (!transcript) throw new Error(`no stored transcript for case "${request.caseId}" epoch ${request.epoch}`);
      // Nothing was spent now: the tokens and retries belong to the stored run, as with a cache hit.
      const { retries: _spent, ...replayed } = transcript;
      return { ...replayed, usage: { input: 0, output: 0 } };
    },
  };
}
