import { consoleReporter, loadPackCases, loadPackVariant, loadVariant, runPack } from '@evalpacks/core';
import { loadDomain } from '../packs/discover.ts';
import { type EvalOptions, parseEvalOptions } from './eval-options.ts';

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

  // Backends load lazily: --list, usage errors and bad case files never pay for the model clients.
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(options.ollamaHost);
  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const timeoutMs = options.timeout * 1000;
  const agent = models.createOllamaAgent({ host, model: options.model, timeoutMs });
  const judge = judgeModel ? models.createOllamaJudge({ host, model: judgeModel, timeoutMs }) : undefined;
  await models.preflightOllama(host, judgeModel ? [options.model, judgeModel] : [options.model]);

  const reporter = consoleReporter({ write: io.write, color: options.color && io.isTTY && !options.ci });
  io.write(`evalpacks · ${pack.name} · variant ${variant.name} · ${cases.length} cases\n`);
  io.write(`agent  ollama ${options.model} @ ${host}\n`);
  io.write(`judge  ${judgeModel ? `ollama ${judgeModel}` : 'none (--structural-only)'}\n`);
  if (judgeModel === options.model) {
    io.write('note   the judge is the agent model; a different --judge-model avoids self-preference\n');
  }
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
  });
  reporter.summary(run);
  return run.cases.every((result) => result.status === 'passed') ? 0 : 1;
}
