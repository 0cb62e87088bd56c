import { type CaseRecord, caseRecord, readRepeatPolicy, recordSharing } from '@evalpacks/core/grade';
import type { EvalStore, RunRecord } from '@evalpacks/store';
import { describeModel, type RunConfig, storedSplit } from '../memory/run-config.ts';
import type { CompareOptions } from '../options/compare-options.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { UsageError } from '../usage-error.ts';
import type { PlanPolicy } from './plan.ts';
import { planPolicy } from './policy.ts';

/** Two stored runs to compare: the same pack, cases, epochs and judge, read back as records of their results. */
export interface StoredComparePlan {
  baseline: { run: RunRecord; records: CaseRecord[] };
  variant: { run: RunRecord; records: CaseRecord[] };
  policy: PlanPolicy;
  seed: number;
  color: boolean;
  /** --max-flaky: the most items that may flip between epochs, both sides together. */
  maxFlaky?: number;
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
 * A stored run's results as records (all a comparison reads), read one at a time, in the order its cases
 * ran in, so the comparison reads as the live one did.
 */
function recordsOf(store: EvalStore, run: RunRecord): CaseRecord[] {
  const order = new Map(casesOf(run).map((id, index) => [id, index]));
  const at = (record: CaseRecord) => order.get(record.case.id) ?? order.size;
  const share = recordSharing();
  const records: CaseRecord[] = [];
  for (const result of store.eachCaseResult(run.id)) records.push(caseRecord(result, share));
  return records.sort((x, y) => at(x) - at(y) || x.epoch - y.epoch);
}

/** `compare --runs A B` as a plan: two completed runs of the store, refused unless they pair up. */
export async function planStoredCompare(
  options: CompareOptions,
  [baselineId, variantId]: [number, number],
  store: EvalStore,
): Promise<StoredComparePlan> {
  const find = (id: number) => {
    const run = store.run(id);
    if (!run) throw new UsageError(`no run ${id} in ${store.path} (see pnpm history)`);
    if (run.status !== 'completed')
      throw new UsageError(`run ${id} is not complete; finish it first with pnpm eval --resume ${id}`);
    return run;
  };
  const [baseline, variant] = [find(baselineId), find(variantId)];
  const unfair = difference(baseline, variant, options.split);
  if (unfair) throw new UsageError(`cannot compare runs ${baselineId} and ${variantId}: ${unfair}`);
  // The pack's repeat policy applies as it did live; the flag, else the one the baseline ran with.
  const flags = (baseline.config as Partial<RunConfig>).flags ?? {};
  const pack = await loadEvalPack({ pack: flags.pack as string | undefined, domain: baseline.pack });
  const ranWith = typeof flags.policy === 'string' ? readRepeatPolicy(flags.policy) : undefined;
  return {
    baseline: { run: baseline, records: recordsOf(store, baseline) },
    variant: { run: variant, records: recordsOf(store, variant) },
    policy: planPolicy(options.policy ?? ranWith, pack),
    seed: options.seed,
    color: options.color && !options.ci,
    ...(options.maxFlaky !== undefined && { maxFlaky: options.maxFlaky }),
  };
}
