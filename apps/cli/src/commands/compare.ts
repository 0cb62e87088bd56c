import { runComparison } from '../engine/compare.ts';
import type { CommandIo } from '../output/command-io.ts';
import { keepHeapNearLive } from '../run/heap-growth.ts';

/**
 * `evalpacks compare`: the engine's comparison of the flags, printed. Exit code 1 when the variant is
 * detectably worse; 2 when an agent or judge error on either side leaves the comparison inconclusive; else 0.
 */
export async function compareCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  // The CLI's process only, as eval does (see evalCommand).
  keepHeapNearLive();
  return (await runComparison(raw, io)).exitCode;
}
