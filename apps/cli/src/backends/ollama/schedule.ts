import type { RoleChoice } from '../roles.ts';
import type { OllamaFlags } from './options.ts';

/**
 * Whether to judge only after every agent run (--schedule). A small GPU holds one model at a time, and
 * each switch reloads weights for seconds; phased, a run with a different agent and judge model on one
 * Ollama server loads each once. `auto` (the default) phases exactly then; `interleaved` judges each
 * case as soon as its answer exists (results stream sooner, and a resumed run keeps more of them).
 */
export function judgesAfterAllAgents(
  schedule: OllamaFlags['schedule'],
  agent: RoleChoice | undefined,
  judge: RoleChoice | undefined,
): boolean {
  if (schedule === 'phased') return true;
  if (schedule === 'interleaved' || !agent || !judge) return false;
  return agent.backend === 'ollama' && judge.backend === 'ollama' && agent.model !== judge.model;
}
