import { runEvaluation } from '../engine/evaluate.ts';
import type { CommandIo } from '../output/command-io.ts';
import { keepHeapNearLive } from '../run/heap-growth.ts';

export type { CommandIo } from '../output/command-io.ts';

/** `evalpacks eval`: the engine's evaluation of the flags, printed; resolves to the exit code. */
export async function evalCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  // Before planning: a full collection while a re-judge reads its 10,000 cases would otherwise let the
  // heap grow by V8's default to ~270 MB before the next one. The CLI's process only: the API leaves a
  // caller's heap settings alone.
  keepHeapNearLive();
  return (await runEvaluation(raw, io)).exitCode;
}
