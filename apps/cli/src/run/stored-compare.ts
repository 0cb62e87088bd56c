import type { RepeatPolicy } from '@evalpacks/core';
import type { RunGrade } from '@evalpacks/core/grade';
import { describeModel } from '@evalpacks/core/stats';
import { type EvalStore, gradeOf, type RunRecord, type ShownGrade } from '@evalpacks/store';
import type { CompareOptions } from '../options/compare-options.ts';
import { type RunConfig, storedSplit } from '../persistence/run-config.ts';
import { UsageError } from '../usage-error.ts';
import { describeRef, latestTagged, newestTagged, type RunRef } from './run-ref.ts';

/** A stored run and the grade it finished with (its case tallies are what a comparison reads). */
export type StoredSide = { run: RunRecord } & ShownGrade<RunGrade>;

/** Two stored runs to compare: the same pack, cases, epochs, judge and repeat policy, with their grades. */
export interface StoredComparePlan {
  baseline: StoredSide;
  variant: StoredSide;
  /** The policy both were graded under. */
  policy: RepeatPolicy;
  seed: number;
  color: boolean;
  /** --reporter names console: the comparison is printed (the header always is). */
  console: boolean;
  /** --max-flaky: the most items that may flip between epochs, both sides together. */
  maxFlaky?: number;
  /** --gate corrected: the verdict rests on the judge-corrected differences instead of the raw figures. */
  gate?: 'corrected';
}

const casesOf = (run: RunRecord) => Object.keys((run.config as Partial<RunConfig>).cases ?? {});

/** The first way two runs are not a fair pair, in words, or undefined. */
function difference(a: RunRecord, b: RunRecord, split: string | undefined): string | undefined {
  if (a.pack !== b.pack) return `run ${a.id} is of ${a.pack}, run ${b.id} of ${b.pack}`;
  // Before the cases: runs of two splits differ in their cases too, and the split says why.
  if (storedSplit(a) !== storedSplit(b)) {
    return `run ${a.id} ran --split ${storedSplit(a)}, run ${b.id} --split ${storedSplit(b)}; compare runs of one split`;
  }
  const other = split !== undefined ? [a, b].find((run) => storedSplit(run) !== split) : undefined;
  if (other) return `run ${other.id} ran --split ${storedSplit(other)}, not --split ${split}`;
  const [left, right] = [casesOf(a), casesOf(b)];
  const onlyA = left.filter((id) => !right.includes(id));
  const onlyB = right.filter((id) => !left.includes(id));
  if (onlyA.length || onlyB.length) {
    const said = [
      ...(onlyA.length ? [`${onlyA.join(', ')} only in run ${a.id}`] : []),
      ...(onlyB.length ? [`${onlyB.join(', ')} only in run ${b.id}`] : []),
    ];
    return `runs ${a.id} and ${b.id} are over different cases: ${said.join('; ')}`;
  }
  const changed = left.filter((id) => (a.config as RunConfig).cases[id] !== (b.config as RunConfig).cases[id]);
  if (changed.length) return `runs ${a.id} and ${b.id} hold different versions of cases ${changed.join(', ')}`;
  if (a.epochs !== b.epochs) return `run ${a.id} has ${a.epochs} epochs, run ${b.id} ${b.epochs}`;
  if (describeModel(a.judge) !== describeModel(b.judge)) {
    return `the judge differs: ${describeModel(a.judge)} in run ${a.id}, ${describeModel(b.judge)} in run ${b.id}`;
  }
  return undefined;
}

/**
 * The one policy both grades were made under. A stored grade is never made again under other rules, so a
 * --policy other than theirs, or two grades under two policies, is refused: compare live to choose one.
 */
function sharedPolicy(baseline: StoredSide, variant: StoredSide, asked: RepeatPolicy | undefined): RepeatPolicy {
  const [left, right] = [baseline.grade.policy, variant.grade.policy];
  const ids = `runs ${baseline.run.id} and ${variant.run.id}`;
  if (left !== right) {
    throw new UsageError(
      `cannot compare ${ids}: run ${baseline.run.id} was graded under ${left}, run ${variant.run.id} under ${right}; ` +
        'a stored grade is never made again under other rules: compare them live with pnpm compare --policy P',
    );
  }
  if (asked !== undefined && asked !== left) {
    throw new UsageError(
      `cannot compare ${ids} under --policy ${asked}: they were graded under ${left}, and a stored grade is never ` +
        'made again under other rules; leave out --policy, or compare them live with pnpm compare',
    );
  }
  return left;
}

/** `compare --runs A B` as a plan: two completed runs of the store and their grades, refused unless they pair up. */
export function planStoredCompare(
  options: CompareOptions,
  [baselineRef, variantRef]: [RunRef, RunRef],
  store: EvalStore,
): StoredComparePlan {
  const find = (id: number) => {
    const run = store.run(id);
    if (!run) throw new UsageError(`no run ${id} in ${store.path} (see pnpm history)`);
    if (run.status !== 'completed')
      throw new UsageError(`run ${id} is not complete; finish it first with pnpm eval --resume ${id}`);
    return run;
  };
  // A latest:TAG side is the newest tagged run that pairs with the other side; when both are tags, the
  // variant is the newest of the --domain tagged so, and the baseline the newest that pairs with it.
  let variantRun: RunRecord;
  if (typeof variantRef === 'number') variantRun = find(variantRef);
  else if (typeof baselineRef === 'number') variantRun = latestTagged(store, variantRef.latest, find(baselineRef));
  else if (options.domain) variantRun = newestTagged(store, variantRef.latest, options.domain);
  else
    throw new UsageError(`give --domain NAME to compare ${describeRef(baselineRef)} with ${describeRef(variantRef)}`);
  const baselineRun =
    typeof baselineRef === 'number' ? find(baselineRef) : latestTagged(store, baselineRef.latest, variantRun);
  const [baselineId, variantId] = [baselineRun.id, variantRun.id];
  const unfair = difference(baselineRun, variantRun, options.split);
  if (unfair) throw new UsageError(`cannot compare runs ${baselineId} and ${variantId}: ${unfair}`);
  // Each side as it was graded when it finished (a run an older evalpacks recorded: graded now, and said so).
  const side = (run: RunRecord): StoredSide => ({ run, ...gradeOf(store, run) });
  const [baseline, variant] = [side(baselineRun), side(variantRun)];
  return {
    baseline,
    variant,
    policy: sharedPolicy(baseline, variant, options.policy),
    seed: options.seed,
    color: options.color && !options.ci,
    console: options.reporter.includes('console'),
    ...(options.maxFlaky !== undefined && { maxFlaky: options.maxFlaky }),
    ...(options.gate === 'corrected' && { gate: 'corrected' as const }),
  };
}
