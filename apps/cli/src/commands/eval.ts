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
import { loadDomain } from '../packs/discover.ts';
import { loadPackFolder } from '../packs/pack-folder.ts';
import { userPath } from '../user-path.ts';
import { connectBackends, SELF_JUDGE_NOTE } from './backends.ts';
import { type EvalOptions, parseEvalOptions } from './eval-options.ts';

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

  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const ownAgent = pack.agent && createPackAgent(pack.agent, { timeoutMs: options.timeout * 1000 });
  const { host, agent, judge } = await connectBackends({
    ollamaHost: options.ollamaHost,
    // A pack that brings its own agent needs Ollama for the judge only, and not at all without one.
    agentModels: ownAgent ? [] : [options.model],
    judgeModel,
    timeout: options.timeout,
  });

  const epochs = options.repeat;
  const color = options.color && io.isTTY && !options.ci;
  const policy = options.policy ?? pack.repeatPolicy ?? 'majority';
  const reporter = consoleReporter({ write: io.write, color, epochs });
  const repeats = epochs > 1 ? ` · ${epochs} epochs · policy ${policy}` : '';
  io.write(`evalpacks · ${pack.name} · variant ${variant.name} · ${cases.length} cases${repeats}\n`);
  const agentLine = ownAgent
    ? `${ownAgent.backend} ${ownAgent.model} (the pack's own)`
    : `ollama ${options.model} @ ${host}`;
  io.write(`agent  ${agentLine}\n`);
  const style = options.judgeStyle === 'yes-no' ? ' (yes-no questions)' : '';
  io.write(`judge  ${judgeModel ? `ollama ${judgeModel}${style}` : 'none (--structural-only)'}\n`);
  if (!ownAgent && judgeModel === options.model) io.write(SELF_JUDGE_NOTE);
  io.write('\n');

  const run = await runPack({
    pack,
    variant,
    cases,
    agent: ownAgent || agent(options.model),
    judge,
    concurrency: options.concurrency,
    structural: !options.skipStructural,
    judgeAlways: options.judgeAlways,
    maxTurns: options.maxTurns,
    judgeStyle: options.judgeStyle,
    epochs,
    onCaseResult: reporter.caseResult,
  });
  if (epochs === 1) {
    reporter.summary(run);
    return run.cases.every((result) => result.status === 'passed') ? 0 : 1;
  }
  const tallies = reduceEpochs(run.cases, policyResolver({ cli: options.policy, pack: pack.repeatPolicy }));
  repeatReporter({ write: io.write, color, policy }).summary(run, tallies);
  return tallies.every((tally) => tally.status === 'passed') ? 0 : 1;
}
