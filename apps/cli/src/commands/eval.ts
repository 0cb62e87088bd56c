import { EvalStore } from '@evalpacks/store';
import { resolveStorePath } from '../memory/store-path.ts';
import { parseEvalOptions } from '../options/eval-options.ts';
import type { CommandIo } from '../output/command-io.ts';
import { planEval } from '../run/eval-plan.ts';
import { executePlan } from '../run/execute.ts';
import { keepHeapNearLive } from '../run/heap-growth.ts';
import { planRejudge } from '../run/rejudge-plan.ts';

export type { CommandIo } from '../output/command-io.ts';

/** Runs one pack (or resumes or re-judges a stored run) and prints it; resolves to the exit code. */
export async function evalCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  // Before planning: a full collection while a re-judge reads its 10,000 cases would otherwise let the
  // heap grow by V8's default to ~270 MB before the next one.
  keepHeapNearLive();
  const options = parseEvalOptions(raw);
  const store = EvalStore.open(resolveStorePath(options.store));
  try {
    const plan =
      options.rejudge !== undefined
        ? await planRejudge(options, options.rejudge, store)
        : await planEval(options, raw, store);
    return await executePlan(plan, store, io);
  } finally {
    store.close();
  }
}
