import type { ModelRef } from '../schema/result.ts';
import type { Transcript } from '../schema/transcript.ts';
import type { AgentPort } from './ports.ts';

/** The transcript a stored run recorded for a case and epoch, or undefined. */
export type StoredTranscript = (caseId: string, epoch: number) => Transcript | undefined;

/**
 * An agent that answers with the transcripts a stored run recorded, for re-judging: the checks and the
 * judge run again, the agent never does. Each is looked up when its case runs, so a re-judge of 30,000
 * results holds only those in progress.
 */
export function replayAgent(agent: ModelRef, stored: StoredTranscript): AgentPort {
  return {
    backend: agent.backend,
    model: agent.model,
    async run(request) {
      const transcript = stored(request.caseId, request.epoch);
      if (!transcript) throw new Error(`no stored transcript for case "${request.caseId}" epoch ${request.epoch}`);
      // Nothing was spent now: the tokens and retries belong to the stored run, as with a cache hit.
      const { retries: _spent, ...replayed } = transcript;
      return { ...replayed, usage: { input: 0, output: 0 } };
    },
  };
}
