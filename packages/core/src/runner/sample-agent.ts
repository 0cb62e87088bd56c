import { CacheMissError, findCacheMiss } from '../cache/model-calls.ts';
import type { Pack } from '../pack/define-pack.ts';
import { fixturePath } from '../pack/fixtures.ts';
import type { AgentPort } from '../ports/backend-ports.ts';
import type { ModelRef } from '../schema/result.ts';
import type { SampleTranscript } from '../schema/sample-transcript.ts';

export interface SampleFallbackAgent extends AgentPort {
  /** Cases answered from the pack's sample fixtures so far. */
  samplesUsed(): number;
}

/**
 * Offline mode's agent: the real agent replaying its turns from the call cache and, where the cache
 * has no answer, the pack's hand-written sample transcript. A case with neither is an agent error that
 * names the missing fixture. Samples stand for the default variant's prompt: under any other prompt a
 * case without a cached answer is an agent error too, so a prompt change can never pass on old answers.
 */
export function withSampleFallback(
  agent: AgentPort,
  pack: Pack,
  samples: ReadonlyMap<string, SampleTranscript>,
  /** Set when the run's prompt is not the default variant's text: the samples answer that prompt only. */
  otherPrompt?: string,
): SampleFallbackAgent {
  let used = 0;
  return {
    backend: agent.backend,
    model: agent.model,
    samplesUsed: () => used,
    async run(request) {
      try {
        return await agent.run(request);
      } catch (error) {
        // A sample stands for a whole case run: it answers a conversation's first turn (as the whole
        // conversation when it holds one), never a later turn.
        if (!findCacheMiss(error) || request.conversation) throw error;
      }
      if (otherPrompt) {
        throw new Error(
          `offline: no cached answer for the ${otherPrompt} prompt, and the samples answer the ` +
            `${pack.defaultVariant} prompt only; run once with a model to fill the cache`,
        );
      }
      const sample = samples.get(request.caseId);
      if (!sample) {
        throw new Error(`offline: no cached answer and no sample transcript at ${fixturePath(pack, request.caseId)}`);
      }
      used += 1;
      // A hand-written answer cost nothing, whatever usage its fixture records.
      const toolCalls = sample.toolCalls.map((call) => ({ ...call }));
      return { ...sample, toolCalls, usage: { input: 0, output: 0 } };
    },
  };
}

/**
 * Offline stand-in for an agent whose calls the cache cannot hold (a pack's own function or HTTP agent):
 * it is never called, so withSampleFallback answers every case from the samples.
 */
export function uncachedAgent(agent: ModelRef): AgentPort {
  return {
    ...agent,
    run: async (request) => {
      throw new CacheMissError('agent', `${agent.backend}:${request.caseId}#${request.epoch}`);
    },
  };
}
