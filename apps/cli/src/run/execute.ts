import type { ModelRef } from '@evalpacks/core';
import type { JudgeCalibration, RunGrade } from '@evalpacks/core/grade';
import {
  AdaptiveConcurrency,
  type AgentPort,
  type CallCache,
  createUserSimulator,
  type JudgePort,
  loadSampleTranscripts,
  replayAgent,
  type UserSimulatorPort,
  uncachedAgent,
  withSampleFallback,
} from '@evalpacks/core/runner';
import type { EvalStore, RunRecord } from '@evalpacks/store';
import { type Backends, connectBackends } from '../backends/connect.ts';
import { packOwnAgent } from '../backends/own-agent.ts';
import { runConcurrency } from '../backends/registry.ts';
import { backendsUsed } from '../backends/roles.ts';
import { Budget } from '../cost/budget.ts';
import { loadPrices, type Prices } from '../cost/prices.ts';
import { spentSoFar } from '../cost/spent-so-far.ts';
import { type RoleCostOf, storedCost } from '../cost/stored-cost.ts';
import type { CommandIo } from '../output/command-io.ts';
import { consoleOutput, finishGraded } from '../output/finish-run.ts';
import { loadProgressDisplay, type ProgressMode, startProgress } from '../output/progress.ts';
import { printHeader } from '../output/run-header.ts';
import { storedReportSource } from '../output/stored-results.ts';
import { workspaceCommit } from '../persistence/git-commit.ts';
import { resultsRecord } from '../persistence/results-file.ts';
import { type Session, startSession } from '../persistence/session.ts';
import { headerFacts } from './header-facts.ts';
import { withOfflineHint } from './offline-hint.ts';
import type { RunPlan } from './plan.ts';
import { runRecorded } from './recorded-run.ts';
import { runCalibration } from './run-calibration.ts';
import { backendEvents, caseDone } from './run-events.ts';
import type { GradedRun } from './run-grade.ts';
import { promptOtherThanSamples } from './sample-prompt.ts';
import { type Grader, planGrader, storedRun } from './stored-run.ts';

/** A plan with its backends connected, its agent and judge ready and its budget set; nothing recorded yet. */
export interface PreparedRun {
  plan: RunPlan;
  agent: AgentPort;
  judge?: JudgePort;
  /** The simulated user, for a run with a case that has one. */
  userSimulator?: UserSimulatorPort;
  backends: Backends;
  /** The pack's own agent, when it brings one. */
  ownAgent?: AgentPort;
  budget?: Budget;
  prices: Prices;
  /** What the store records as each role's cost. */
  costOf: RoleCostOf;
  /** Offline: how many answers came from the pack's sample transcripts. */
  samplesUsed?: () => number;
  /** The pool's size under throttling: backends that can be throttled report to it, the runner follows it. */
  pace: AdaptiveConcurrency;
  /** Calls in flight at once: --concurrency, times the servers of a backend that spreads calls over several. */
  concurrency: number;
  /** The judge prompt and the checks, stored with the run and given to the runner: one run, one of each. */
  grader: Grader;
}

const refOf = (port: { backend: string; model: string }): ModelRef => ({ backend: port.backend, model: port.model });

/**
 * Connects what a plan needs. `callCache` is the store's call cache unless the caller narrows it (compare
 * keeps its two sides from answering each other); `sharedBudget` is one --max-cost over several plans. Checks that can fail without a model call (a model
 * without a price under --max-cost, missing credentials) fail here, before anything is recorded.
 */
export async function prepareRun(
  plan: RunPlan,
  io: CommandIo,
  callCache: CallCache,
  sharedBudget?: Budget,
): Promise<PreparedRun> {
  // Started now, awaited in recordRun: git runs while the backends load.
  void workspaceCommit();
  const source = plan.agent;
  const ownAgent = source.kind === 'own' ? packOwnAgent(plan.pack, plan.calls.timeout) : undefined;
  const prices = await loadPrices();
  const grader = await planGrader(plan);
  const agentRole = source.kind === 'backend' ? source.role : undefined;
  const agentRef: ModelRef = ownAgent ?? agentRole ?? (source as { run: RunRecord }).run.agent;
  // Checked before connecting, so a model without a price costs nothing to find out about.
  const budget = sharedBudget ?? (plan.maxCost === undefined ? undefined : new Budget(plan.maxCost, prices, io.write));
  budget?.priceFor(agentRef);
  if (plan.judge) budget?.priceFor(plan.judge);
  if (plan.user) budget?.priceFor(plan.user);
  const used = backendsUsed([agentRole, plan.judge, plan.user]);
  const concurrency = runConcurrency(plan.calls.concurrency, plan.calls.backends, used);
  const pace = new AdaptiveConcurrency(concurrency);
  const backends = await connectBackends({
    signals: pace,
    concurrency: plan.calls.concurrency,
    agents: agentRole ? [agentRole] : [],
    ...(plan.judge && { judge: plan.judge }),
    ...(plan.user && { user: plan.user }),
    options: plan.calls.backends,
    timeout: plan.calls.timeout,
    cache: { store: callCache, mode: plan.calls.cache },
    agentTools: plan.pack.tools !== undefined,
    ...(io.onEvent && backendEvents(io.onEvent)),
  });
  const live =
    source.kind === 'stored'
      ? replayAgent(source.run.agent, source.transcripts, { environment: plan.pack.environment !== undefined })
      : (ownAgent ?? backends.agent(agentRole as NonNullable<typeof agentRole>));
  // Offline a pack's own agent is never called: the cache cannot hold its calls, so its samples answer.
  const sampler =
    plan.offline && source.kind !== 'stored'
      ? withSampleFallback(
          ownAgent ? uncachedAgent(ownAgent) : live,
          plan.pack,
          await loadSampleTranscripts(plan.pack, plan.cases),
          await promptOtherThanSamples(plan.pack, plan.variant),
        )
      : undefined;
  const simulator = backends.user && createUserSimulator(backends.user);
  const ports = {
    agent: sampler ?? live,
    ...(backends.judge && { judge: backends.judge }),
    ...(simulator && { user: simulator }),
  };
  const { agent, judge, user: userSimulator } = budget ? budget.meter(ports) : ports;
  return {
    plan,
    agent,
    ...(judge && { judge }),
    ...(userSimulator && { userSimulator }),
    backends,
    ...(ownAgent && { ownAgent }),
    ...(budget && { budget }),
    prices,
    costOf: storedCost(prices.priceOf, refOf(agent), judge && refOf(judge), userSimulator && refOf(userSimulator)),
    ...(sampler && { samplesUsed: () => sampler.samplesUsed() }),
    pace,
    concurrency,
    grader,
  };
}

/** Starts (or takes up again) the stored run of a prepared plan; its record is derived from the plan. */
export async function recordRun(prepared: PreparedRun, store: EvalStore): Promise<Session> {
  const { plan, agent, judge } = prepared;
  const gitCommit = plan.record.resume ? undefined : await workspaceCommit();
  const session = startSession({
    store,
    ...(gitCommit !== undefined && { gitCommit }),
    ...(plan.record.resume && { resume: plan.record.resume }),
    total: plan.cases.length * plan.epochs,
    costOf: prepared.costOf,
    meta: storedRun(plan, refOf(agent), judge && refOf(judge), prepared.grader),
  });
  prepared.budget?.addSpent(spentSoFar(store.savedUsage(session.run.id), prepared.costOf));
  return session;
}

/** Runs the cases of a recorded plan; `onResult` sees each result once it is saved. */
export function runPrepared(
  prepared: PreparedRun,
  session: Session,
  onResult?: Parameters<typeof runRecorded>[2]['onResult'],
  calibration?: JudgeCalibration,
): Promise<GradedRun> {
  return runRecorded(session, prepared.plan, {
    ...(calibration && { calibration }),
    agent: prepared.agent,
    ...(prepared.judge && { judge: prepared.judge }),
    ...(prepared.userSimulator && { userSimulator: prepared.userSimulator }),
    ...(prepared.budget && { shouldStart: prepared.budget.shouldStart }),
    adaptive: prepared.pace,
    concurrency: prepared.concurrency,
    judgeTuning: prepared.grader.tuning,
    onResult,
  });
}

/** Live on a terminal, plain lines in logs and pipes; none with --quiet or without the console reporter. */
function progressMode(plan: RunPlan, io: CommandIo): ProgressMode {
  if (!plan.report.console || plan.report.quiet) return 'off';
  return io.isTTY ? 'live' : 'plain';
}

/** A run recorded to its end: its number, the grade its summary, reports and exit code came from, its reports. */
export interface FinishedRun {
  runId: number;
  storePath: string;
  grade: RunGrade;
  /** The file reports written, as the CLI names them. */
  reports: string[];
}

/**
 * The one executor of eval, --resume and --rejudge: prepares the plan, records it, prints the header and
 * each case, then the summary and the file reports. Resolves to the run and its grade, whose exit code is
 * the command's (0 all passed, 1 failures).
 */
export async function executePlan(plan: RunPlan, store: EvalStore, io: CommandIo): Promise<FinishedRun> {
  const display = loadProgressDisplay(progressMode(plan, io));
  const prepared = await prepareRun(plan, io, store.callCache());
  const session = await recordRun(prepared, store);
  const runId = session.run.id;
  io.onEvent?.({
    type: 'run-started',
    runId,
    pack: plan.pack.name,
    variant: plan.variant.name,
    cases: plan.cases.length,
    epochs: plan.epochs,
    results: plan.cases.length * plan.epochs - session.savedBefore,
    savedBefore: session.savedBefore,
  });
  const progress = startProgress(await display, io.write, {
    total: plan.cases.length * plan.epochs - session.savedBefore,
    inFlight: () => prepared.backends.inFlight(),
    waiting: () => prepared.backends.waiting(),
    where: () => prepared.backends.progressNote(),
    costOf: prepared.costOf,
  });
  // The console writes through the progress line, so a case block never lands in the middle of it.
  const output = consoleOutput(plan.report, { ...io, write: progress.write }, plan.epochs, prepared.prices.priceOf);
  printHeader(output, headerFacts(prepared, session, store.path));
  let graded: GradedRun;
  try {
    const calibration = await runCalibration(plan, store, prepared.grader);
    graded = await runPrepared(
      prepared,
      session,
      (result) => {
        output.caseResult(result);
        progress.result(result);
        io.onEvent?.(caseDone(runId, result));
      },
      calibration,
    );
  } catch (error) {
    // A run that stopped before its first result left nothing (Session.fail): offer the way to start without a model.
    const neverStarted = !plan.offline && store.run(session.run.id) === undefined;
    throw neverStarted ? await withOfflineHint(error) : error;
  } finally {
    progress.stop();
  }
  const { run, grade } = graded;
  const finished = await finishGraded({
    run,
    grade,
    // The run kept records only: the file reports read its results back from the store, a case at a time.
    ...storedReportSource(store, runId, run.cases),
    record: resultsRecord(session.run),
    epochs: plan.epochs,
    report: plan.report,
    runId,
    storePath: store.path,
    calls: prepared.backends.calls,
    pace: prepared.pace,
    backendRows: prepared.backends.summaryRows(),
    output,
    io,
    ...(prepared.samplesUsed && { samplesUsed: prepared.samplesUsed() }),
  });
  const { exitCode, passed } = finished.grade;
  io.onEvent?.({ type: 'run-finished', runId, exitCode, passed });
  return { runId, storePath: store.path, ...finished };
}
