import { EvalStore } from '@evalpacks/store';
import { resolveStorePath } from '../memory/store-path.ts';
import { parseCompareOptions } from '../options/compare-options.ts';
import type { CommandIo } from '../output/command-io.ts';
import { planCompare } from '../run/compare-plan.ts';
import { executeCompare, executeStoredCompare } from '../run/compare-run.ts';
import { planStoredCompare } from '../run/stored-compare.ts';

/**
 * Runs two prompts (or two agents) over the same cases with the same judge, each side an eval run saved in
 * the store, and prints whether the variant really changed anything. Exit code 1 when the variant is
 * detectably worse; 2 when an agent or judge error on either side leaves the comparison inconclusive; else 0.
 */
export async function compareCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const options = parseCompareOptions(raw);
  const store = EvalStore.open(resolveStorePath(options.store));
  try {
    if (options.runs) return executeStoredCompare(await planStoredCompare(options, options.runs, store), io);
    return await executeCompare(await planCompare(options), store, io);
  } finally {
    store.close();
  }
}
