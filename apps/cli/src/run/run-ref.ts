import { describeModel } from '@evalpacks/core/stats';
import type { EvalStore, RunRecord } from '@evalpacks/store';
import type { RunRef } from '../options/run-ref-schema.ts';
import { type RunConfig, storedSplit } from '../persistence/run-config.ts';
import { UsageError } from '../usage-error.ts';

export type { RunRef };

export const describeRef = (ref: RunRef) => (typeof ref === 'number' ? `run ${ref}` : `latest:${ref.latest}`);

const PAGE = 200;

/**
 * The newest completed eval run tagged `tag` that pairs with `other`: the same pack, split and judge (its
 * cases, epochs and policy are checked as any pair's are). Runs are read newest first, a page at a time.
 */
export function latestTagged(store: EvalStore, tag: string, other: RunRecord): RunRecord {
  const split = storedSplit(other);
  const judge = describeModel(other.judge);
  const found = newest(
    store,
    other.pack,
    tag,
    (run) => run.id !== other.id && storedSplit(run) === split && describeModel(run.judge) === judge,
  );
  if (found) return found;
  throw new UsageError(
    `no completed run of ${other.pack} tagged ${tag} with --split ${split} and judge ${judge} in ${store.path}; ` +
      `record one with pnpm eval --tag ${tag}`,
  );
}

/** The newest completed run of `pack` tagged `tag`, whatever its split and judge (the other side must pair with it). */
export function newestTagged(store: EvalStore, tag: string, pack: string): RunRecord {
  const found = newest(store, pack, tag, () => true);
  if (found) return found;
  throw new UsageError(
    `no completed run of ${pack} tagged ${tag} in ${store.path}; record one with pnpm eval --tag ${tag}`,
  );
}

function newest(store: EvalStore, pack: string, tag: string, pairs: (run: RunRecord) => boolean) {
  for (let offset = 0; ; offset += PAGE) {
    const { runs } = store.runPage({ pack, limit: PAGE, offset });
    const found = runs.find(
      (run) =>
        run.kind === 'eval' &&
        run.status === 'completed' &&
        (run.config as Partial<RunConfig>).tag === tag &&
        pairs(run),
    );
    if (found) return found;
    if (runs.length < PAGE) return undefined;
  }
}
