import {
  consoleReporter,
  createPackAgent,
  loadPackCases,
  loadPackVariant,
  loadVariant,
  runPack,
} from '@evalpacks/core';
import { loadDomain } from '../packs/discover.ts';
import { loadPackFolder } from '../packs/pack-folder.ts';
import { userPath } from '../user-path.ts';
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

  // Backends load lazily: --list, usage errors and bad case files never pay for the model clients.
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(options.ollamaHost);
  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const timeoutMs = options.timeout * 1000;
  const ownAgent = pack.agent && createPackAgent(pack.agent, { timeoutMs });
  // A pack that brings its own agent needs Ollama for the judge only, and not at all without one.
  const needed = [...(ownAgent ? [] : [options.model]), ...(judgeModel ? [judgeModel] : [])];
  if (needed.length > 0) await models.preflightOllama(host, needed);
  const agent = ownAgent || models.createOllamaAgent({ host, model: options.model, timeoutMs });
  const judge = judgeModel ? models.createOllamaJudge({ host, model: judgeModel, timeoutMs }) : undefined;

  const reporter = consoleReporter({ write: io.write, color: options.color && io.isTTY && !options.ci });
  io.write(`evalpacks · ${pack.name} · variant ${variant.name} · ${cases.length} cases\n`);
  io.write(
    `agent  ${ownAgent ? `${agent.backend} ${agent.model} (the pack's own)` : `ollama ${options.model} @ ${host}`}\n`,
  );
  io.write(`judge  ${judgeModel ? `ollama ${judgeModel}` : 'none (--structural-only)'}\n`);
  if (!ownAgent && judgeModel === options.model) {
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
