import { type CaseTally, comparisonExitCode } from '@evalpacks/core/grade';
import { type ComparisonFacts, flakyLimitRow, printComparison } from '@evalpacks/core/report';
import { type ComparedRun, type Comparison, compareRuns } from '@evalpacks/core/stats';
import { type EvalStore, gradedNowNote, type RunRecord } from '@evalpacks/store';
import { isBackend } from '../backends/registry.ts';
import { Budget } from '../cost/budget.ts';
import { loadPrices } from '../cost/prices.ts';
import type { CommandIo } from '../output/command-io.ts';
import { printCompareHeader, type SideFacts, sideFacts, sideLabels } from '../output/compare-header.ts';
import { shortPath } from '../output/file-reports.ts';
import { sideRows } from '../output/side-rows.ts';
import { storedSplit } from '../persistence/run-config.ts';
import type { ComparePlan } from './compare-plan.ts';
import { type PreparedRun, prepareRun, recordRun, runPrepared } from './execute.ts';
import { runCalibration } from './run-calibration.ts';
import { caseDone, onSide, type Side } from './run-events.ts';
import { sidesApart } from './sides-apart.ts';
import type { StoredComparePlan } from './stored-compare.ts';

/**
 * The exit code after the comparison (core's comparisonExitCode: 0 no worse, 1 detectably worse, 2
 * inconclusive), with --max-flaky: the flaky items of both sides count together, and
 * more than the limit fails the compare (1) unless it is already inconclusive (2). The limit gets its line.
 */
function compareExit(comparison: Comparison, maxFlaky: number | undefined, io: CommandIo): 0 | 1 | 2 {
  const code = comparisonExitCode(comparison.verdict);
  if (maxFlaky === undefined) return code;
  const gate = flakyLimitRow(comparison.baseline.flaky + comparison.variant.flaky, maxFlaky, ' on the two sides');
  io.write(`  ${gate.row[0].padEnd(18)}${gate.row[1]}\n`);
  return gate.ok || code === 2 ? code : 1;
}

/** A compare to its end: the comparison its report printed, the exit code, and the runs of its two sides. */
export interface ComparedRuns {
  exitCode: 0 | 1 | 2;
  comparison: Comparison;
  baselineRunId: number;
  variantRunId: number;
  /** What the comparison's file reports need beside its figures (see comparisonDocument). */
  facts: Omit<ComparisonFacts, 'exitCode'>;
}

/** A side's run as the comparison's files name it. */
function comparedRun(run: RunRecord, label: string): ComparedRun {
  const tag = (run.config as { tag?: unknown }).tag;
  return {
    id: run.id,
    variant: run.variant,
    promptHash: run.promptHash,
    agent: { backend: run.agent.backend, model: run.agent.model },
    label,
    ...(typeof tag === 'string' && { tag }),
    ...(run.gitCommit && { gitCommit: run.gitCommit }),
    startedAt: run.startedAt,
    ...(run.finishedAt && { finishedAt: run.finishedAt }),
  };
}

interface SideRun {
  id: number;
  tallies: CaseTally[];
  /** Case epochs the --max-cost budget left out. */
  notStarted: number;
}

/** Runs one side as the eval run it is (saved, through the cache); its case tallies over the epochs. */
async function runSide(side: PreparedRun, store: EvalStore, io: CommandIo): Promise<SideRun> {
  const session = await recordRun(side, store);
  const id = session.run.id;
  const { plan } = side;
  const results = plan.cases.length * plan.epochs;
  const [pack, variant] = [plan.pack.name, plan.variant.name];
  io.onEvent?.({
    type: 'run-started',
    runId: id,
    pack,
    variant,
    cases: plan.cases.length,
    epochs: plan.epochs,
    results,
    savedBefore: 0,
  });
  // Graded once as it completed, and kept with its run: the comparison reads that grade's case tallies, and
  // its judge-corrected figures from the labels held to this side's judge (as eval's grade has them).
  const calibration = await runCalibration(plan, store, side.grader);
  const { run, grade } = await runPrepared(
    side,
    session,
    io.onEvent && ((result) => io.onEvent?.(caseDone(id, result))),
    calibration,
  );
  io.onEvent?.({ type: 'run-finished', runId: id, exitCode: grade.exitCode, passed: grade.passed });
  return { id, tallies: grade.cases, notStarted: run.notStarted?.length ?? 0 };
}

/** The command's io for one side: the same output, its events tagged with the side. */
function sideIo(io: CommandIo, side: Side): CommandIo {
  const onEvent = onSide(io.onEvent, side);
  return onEvent ? { ...io, onEvent } : io;
}

/**
 * When the budget left cases out, only the cases both sides ran are a pair: the rest is left out of the
 * comparison, and said so in one line.
 */
function pairedByBudget(before: SideRun, after: SideRun): { tallies: [CaseTally[], CaseTally[]]; note?: string } {
  if (before.notStarted + after.notStarted === 0) return { tallies: [before.tallies, after.tallies] };
  const ran = (side: SideRun) => new Set(side.tallies.map((tally) => tally.case.id));
  const [left, right] = [ran(before), ran(after)];
  const both = (tally: CaseTally) => left.has(tally.case.id) && right.has(tally.case.id);
  const paired = before.tallies.filter(both).length;
  const note =
    `  ${'not started'.padEnd(18)}baseline ${before.notStarted}, variant ${after.notStarted} case epochs ` +
    `(--max-cost ran out); compared over the ${paired} case${paired === 1 ? '' : 's'} both sides ran\n`;
  return { tallies: [before.tallies.filter(both), after.tallies.filter(both)], note };
}

const callsOf = (side: PreparedRun) => {
  const { agent, judge } = side.backends.calls.stats();
  return `${agent.made + judge.made} made, ${agent.cached + judge.cached} from the cache`;
};

/**
 * Runs both sides of a compare through the one executor, each an eval run in the store, then prints
 * whether the variant really changed anything. Resolves to the comparison and the exit code (see compareExit).
 */
export async function executeCompare(plan: ComparePlan, store: EvalStore, io: CommandIo): Promise<ComparedRuns> {
  const cache = sidesApart(store.callCache());
  // One budget meters both sides; every model of both is priced before anything is recorded.
  const budget = plan.maxCost === undefined ? undefined : new Budget(plan.maxCost, await loadPrices(), io.write);
  const [baselineIo, variantIo] = [sideIo(io, 'baseline'), sideIo(io, 'variant')];
  const baseline = await prepareRun(plan.baseline, baselineIo, cache, budget);
  const variant = await prepareRun(plan.variant, variantIo, cache, budget);
  const [baselineFacts, variantFacts] = [sideFacts(baseline), sideFacts(variant)];
  printCompareHeader(io, {
    pack: plan.pack.name,
    cases: plan.baseline.cases.length,
    split: plan.baseline.split,
    epochs: plan.baseline.epochs,
    policy: plan.baseline.policy.name,
    baseline: baselineFacts,
    variant: variantFacts,
    ...(plan.baseline.judge && { judge: plan.baseline.judge }),
    judgeStyle: plan.baseline.grading.judgeStyle,
  });

  const before = await runSide(baseline, store, baselineIo);
  const after = await runSide(variant, store, variantIo);
  io.write(
    `runs      baseline ${before.id}, variant ${after.id} in ${shortPath(store.path)}\n` +
      `calls     baseline ${callsOf(baseline)} · variant ${callsOf(variant)}\n`,
  );
  const backendRows = sideRows([
    { name: 'baseline', rows: baseline.backends.summaryRows() },
    { name: 'variant', rows: variant.backends.summaryRows() },
  ]);
  for (const [label, value] of backendRows) io.write(`${label.padEnd(9)} ${value}\n`);
  io.write('\n');
  const paired = pairedByBudget(before, after);
  const headline = plan.pack.headline;
  // Each side's grade as stored when it finished: its judge-corrected figures, when it was graded with labels.
  const correctedOf = (id: number) => {
    const corrected = store.gradeSummary(id)?.corrected;
    return corrected ? { corrected } : {};
  };
  const calibration = { baseline: correctedOf(before.id).corrected, variant: correctedOf(after.id).corrected };
  const comparison = compareRuns(...paired.tallies, {
    seed: plan.seed,
    ...(headline && { headline }),
    calibration,
    ...(plan.gate && { gate: plan.gate }),
  });
  const labels = sideLabels(baselineFacts, variantFacts);
  if (plan.console) printComparison(comparison, { write: io.write, color: plan.color && io.isTTY, labels });
  const code = compareExit(comparison, plan.maxFlaky, io);
  const stored = (id: number) => store.run(id) as RunRecord;
  const facts: ComparedRuns['facts'] = {
    pack: plan.pack.name,
    split: plan.baseline.split,
    epochs: plan.baseline.epochs,
    policy: plan.baseline.policy.name,
    ...(plan.baseline.judge && { judge: plan.baseline.judge }),
    baseline: { run: comparedRun(stored(before.id), labels[0]), tallies: paired.tallies[0], ...correctedOf(before.id) },
    variant: { run: comparedRun(stored(after.id), labels[1]), tallies: paired.tallies[1], ...correctedOf(after.id) },
  };
  const runs = { comparison, baselineRunId: before.id, variantRunId: after.id, facts };
  if (!paired.note) return { exitCode: code, ...runs };
  // Cases left out leave the question open, as agent or judge errors do: inconclusive.
  io.write(paired.note);
  return { exitCode: 2, ...runs };
}

const refSide = (run: RunRecord): SideFacts => ({
  prompt: { name: run.variant, key: run.promptHash },
  agent: run.agent,
  own: !isBackend(run.agent.backend),
  where: ` · run ${run.id}`,
});

/** `compare --runs A B`: the comparison of two stored runs by the grades they finished with, no model call at all. */
export function executeStoredCompare(plan: StoredComparePlan, io: CommandIo): ComparedRuns {
  const { baseline, variant } = plan;
  const [baselineFacts, variantFacts] = [refSide(baseline.run), refSide(variant.run)];
  printCompareHeader(io, {
    pack: baseline.run.pack,
    cases: baseline.grade.cases.length,
    split: storedSplit(baseline.run),
    epochs: baseline.run.epochs,
    policy: plan.policy,
    baseline: baselineFacts,
    variant: variantFacts,
    ...(baseline.run.judge && { judge: baseline.run.judge }),
    judgeStyle: String((baseline.run.config as { judgeStyle?: string }).judgeStyle ?? 'structured'),
  });
  io.write(`runs      baseline ${baseline.run.id}, variant ${variant.run.id} as stored; no model calls\n`);
  for (const side of [baseline, variant]) if (side.now) io.write(`grade     ${gradedNowNote(side.run.id, side.now)}\n`);
  io.write('\n');
  // The pack's headline as the grades kept it (stored compare loads no pack).
  const headline = baseline.grade.headline ?? variant.grade.headline;
  const comparison = compareRuns(baseline.grade.cases, variant.grade.cases, {
    seed: plan.seed,
    ...(headline && { headline }),
    calibration: { baseline: baseline.grade.corrected, variant: variant.grade.corrected },
    ...(plan.gate && { gate: plan.gate }),
  });
  const labels = sideLabels(baselineFacts, variantFacts);
  if (plan.console) printComparison(comparison, { write: io.write, color: plan.color && io.isTTY, labels });
  const exitCode = compareExit(comparison, plan.maxFlaky, io);
  const facts: ComparedRuns['facts'] = {
    pack: baseline.run.pack,
    split: storedSplit(baseline.run),
    epochs: baseline.run.epochs,
    policy: plan.policy,
    ...(baseline.run.judge && { judge: baseline.run.judge }),
    baseline: {
      run: comparedRun(baseline.run, labels[0]),
      tallies: baseline.grade.cases,
      ...(baseline.grade.corrected && { corrected: baseline.grade.corrected }),
    },
    variant: {
      run: comparedRun(variant.run, labels[1]),
      tallies: variant.grade.cases,
      ...(variant.grade.corrected && { corrected: variant.grade.corrected }),
    },
  };
  return { exitCode, comparison, baselineRunId: baseline.run.id, variantRunId: variant.run.id, facts };
}
