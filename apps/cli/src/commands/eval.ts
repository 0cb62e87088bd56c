import { consoleReporter, loadPackCases, loadPackVariant, loadVariant, runPack } from '@evalpacks/core';
import { connectBackends } from '../backends/connect.ts';
import { planBackends } from '../backends/plan.ts';
import { Budget } from '../cost/budget.ts';
import { loadDomain } from '../packs/discover.ts';
import { DEFAULT_OLLAMA_MODEL, type EvalOptions, parseEvalOptions } from './eval-options.ts';

export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
}

/** Runs one pack and prints it; resolves to the exit code (0 all passed, 1 failures). */
export async function evalCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const options: EvalOptions = parseEvalOptions(raw);
  const pack = await loadDomain(options.domain);
  const variant = options.prompt
    ? await loadVariant(options.prompt)
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const cases = await loadPackCases(pack, options.testCase);

  const plan = await planBackends(options, DEFAULT_OLLAMA_MODEL);
  const budget = options.maxCost === undefined ? undefined : new Budget(options.maxCost, plan, io.write);
  const backends = await connectBackends(plan, options);
  const { agent, judge } = budget ? budget.meter(backends) : backends;

  const color = options.color && io.isTTY && !options.ci;
  const reporter = consoleReporter({ write: io.write, color, priceOf: plan.priceOf });
  io.write(`evalpacks · ${pack.name} · variant ${variant.name} · ${cases.length} cases\n`);
  io.write(backends.header);
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
    onCaseResult: reporter.caseResult,
    ...(budget && { shouldStart: budget.shouldStart }),
  });
  reporter.summary(run);
  // Cases left out by --max-cost were not shown to pass, so the run does not count as passed.
  return run.cases.every((result) => result.status === 'passed') && !run.notStarted ? 0 : 1;
}
