import {
  type Disagreement,
  isEmpty,
  type JudgeAdditions,
  judgeWrong,
  modelProposal,
  notesProposal,
  parseTuneAnswer,
  TUNE_ANSWER_JSON_SCHEMA,
  TUNE_PROMPT_VERSION,
  tunePrompt,
} from '@evalpacks/core/calibration';
import { InfrastructureError, type JudgePort } from '@evalpacks/core/runner';

/** Turns the disagreements of some labels into additions to judge.md: by a model, or from people's notes. */
export interface Proposer {
  /** "ollama tuner:1b · judge-tune-v1", or "the labels' notes". */
  name: string;
  propose(disagreements: readonly Disagreement[]): Promise<JudgeAdditions>;
}

const NOTHING: JudgeAdditions = { steps: [], narrowing: [] };

export function notesProposer(): Proposer {
  return { name: "the labels' notes (--tune-from-notes)", propose: async (d) => notesProposal(d) };
}

/**
 * The tuning model, asked through the call cache like the judge (its prompt version in the key). It sees
 * only the disagreements it is given (a fold's training labels) where people blamed the judge.
 */
export function modelProposer(port: JudgePort, subject: string, currentJudgeMd: string | undefined): Proposer {
  return {
    name: `${port.backend} ${port.model} · ${TUNE_PROMPT_VERSION}`,
    async propose(disagreements) {
      const shown = judgeWrong(disagreements);
      if (shown.length === 0) return NOTHING;
      const { system, prompt } = tunePrompt(subject, currentJudgeMd, shown);
      const response = await port.call({
        system,
        prompt,
        jsonSchema: TUNE_ANSWER_JSON_SCHEMA,
        promptVersion: TUNE_PROMPT_VERSION,
      });
      const answer = parseTuneAnswer(response.text);
      if ('error' in answer) {
        throw new InfrastructureError(
          `the tuning model's answer could not be read: ${answer.error}`,
          `the tuning model (${port.backend} ${port.model}) answered something else than the JSON asked for: try another --tune-model`,
        );
      }
      const additions = modelProposal(answer, shown);
      return isEmpty(additions) ? NOTHING : additions;
    },
  };
}
