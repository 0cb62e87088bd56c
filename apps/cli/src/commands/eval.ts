import {
  consoleReporter,
  createPackAgent,
  loadPackCases,
  loadPackVariant,
  loadVariant,
  policyResolver,
  reduceEpochs,
  repeatReporter,
  runPack,
} from '@evalpacks/core';
import { connectBackends } from '../backends/connect.ts';
import { roleLines } from '../backends/header.ts';
import { resolveRoles } from '../backends/roles.ts';
import { Budget } from '../cost/budget.ts';
import { loadPrices } from '../cost/prices.ts';
import { loadDomain } from '../packs/discover.ts';
import { loadPackFolder } from '../packs/pack-folder.ts';
import { userPath } from '../user-path.ts';
import { DEFAULT_OLLAMA_MODEL, type EvalOptions, parseEvalOptions } from './eval-options.ts';

export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
}

/** Runs one pack and prints it; resolves to the exit code (0 all passed, 1 failures). */
export async function evalCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const options: EvalOptions = parseEvalOptions(raw);
  const pack = options.pack ? await loadPackFolder(userPath(options.pack)) : await loadDomain(options.domain ?? '');
  const variant = options.prompt
    ? await loadVariant(userPath(options.prompt))
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const cases = await loadPackCases(
    pack,
    options.testCase?.map((file) => userPath(file)),
  );

  const roles = resolveRoles(options, DEFAULT_OLLAMA_MODEL);
  const ownAgent = pack.agent && createPackAgent(pack.agent, { timeoutMs: options.timeout * 1000 });
  const prices = await loadPrices();
  // Checked before connecting, so a model without a price costs nothing to find out about.
  const budget =
    options.maxCost === undefined
      ? undefined
      : new Budget(options.maxCost, { ...roles, agent: ownAgent || roles.agent, ...prices }, io.write);
  const backends = await connectBackends({
    ...options,
    agentBackend: roles.agent.backend,
    // A pack that brings its own agent needs a backend for the judge only, and none without one.
    agentModels: ownAgent ? [] : [roles.agent.model],
    judgeBackend: roles.judge?.backend,
    judgeModel: roles.judge?.model,
  });
  const ports = { agent: ownAgent || backends.agent(roles.agent.model), judge: backends.judge };
  const { agent, judge } = budget ? budget.meter(ports) : ports;

  const epochs = options.repeat;
  const color = options.color && io.isTTY && !options.ci;
  const policy = options.policy ?? pack.repeatPolicy ?? 'majority';
  const reporter = consoleReporter({ write: io.write, color, epochs, priceOf: prices.priceOf });
  const repeats = epochs > 1 ? ` · ${epochs} epochs · policy ${policy}` : '';
  io.write(`evalpacks · ${pack.name} · variant ${variant.name} · ${cases.length} cases${repeats}\n`);
  const style = options.judgeStyle === 'yes-no' ? ' (yes-no questions)' : '';
  io.write(roleLines(roles, backends.where, style, ownAgent || undefined));
  io.write('\n');

  const run = await runPack({
    pack,
    variant,
    cases,
    agent,
    judge,
    concurrency: options.concurrency,
    structural: !options.skipStructural,
    judgeAlways: options.judgeAlways,
    maxTurns: options.maxTurns,
    judgeStyle: options.judgeStyle,
    epochs,
    onCaseResult: reporter.caseResult,
    ...(budget && { shouldStart: budget.shouldStart }),
  });
  // Cases left out by --max-cost were not shown to pass, so the run does not count as passed.
  const complete = !run.notStarted;
  if (epochs === 1) {
    reporter.summary(run);
    return complete && run.cases.every((result) => result.status === 'passed') ? 0 : 1;
  }
  const tallies = reduceEpochs(run.cases, policyResolver({ cli: options.policy, pack: pack.repeatPolicy }));
  repeatReporter({ write: io.write, color, policy, priceOf: prices.priceOf }).summary(run, tallies);
  return complete && tallies.every((tally) => tally.status === 'passed') ? 0 : 1;
}
