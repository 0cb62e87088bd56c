import type { AgentPort } from '../ports/backend-ports.ts';
import type { ModelRef } from '../schema/result.ts';
import type { Transcript } from '../schema/transcript.ts';
import { runToolCalls } from '../tools/environment.ts';

export interface ReplayOptions {
  /**
   * The pack's tools act on an environment: a stored transcript without an end state has its tool calls run
   * again through the case run's fresh tools, so the runner's snapshot holds their end state. Only for an
   * environment: tools of a pack without one may reach the outside world, and are never called again.
   */
  environment?: boolean;
}

/** The transcript a stored run recorded for a case and epoch, or undefined. */
export type StoredTranscript = (caseId: string, epoch: number) => Transcript | undefined;

/**
 * An agent that answers with the transcripts a stored run recorded, for re-judging: the checks and the
 * judge run again, the agent never does. Each is looked up when its case runs, so a re-judge of 30,000
 * results holds only those in progress.
 */
export function replayAgent(agent: ModelRef, stored: StoredTranscript, options: ReplayOptions = {}): AgentPort {
  const port: AgentPort = {
    backend: agent.backend,
    model: agent.model,
    async run(request) {
      const transcript = stored(request.caseId, request.epoch);
      if (!transcript) throw new Error(`no stored transcript for case "${request.caseId}" epoch ${request.epoch}`);
      if (options.environment && transcript.endState === undefined && request.tools) {
        // Recorded before end states were: its calls, run again through this case run's fresh environment,
        // leave the state the runner then snapshots.
        await runToolCalls(request.tools, transcript.toolCalls, `stored transcript of case "${request.caseId}"`);
      }
      // Nothing was spent now: the tokens and retries belong to the stored run, as with a cache hit.
      const { retries: _spent, ...replayed } = transcript;
      const free = { input: 0, output: 0 };
      return { ...replayed, usage: free, ...(replayed.userUsage && { userUsage: free }) };
    },
  };
  return port;
}
