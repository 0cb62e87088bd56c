import { existsSync } from 'node:fs';
import {
  type AgentPort,
  type Case,
  compareRuns,
  listVariants,
  loadPackCases,
  loadPackVariant,
  loadVariant,
  type Pack,
  policyResolver,
  printComparison,
  reduceEpochs,
  runPack,
  runPolicy,
  type Variant,
} from '@evalpacks/core';
import { type Backends, connectBackends, SELF_JUDGE_NOTE } from '../backends/connect.ts';
import { packOwnAgent } from '../backends/own-agent.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';
import { type CompareOptions, parseCompareOptions } from './compare-options.ts';
import type { CommandIo } from './eval.ts';

/** A --baseline / --variant value: a variant of the pack by name, else a prompt file. */
async function resolvePrompt(pack: Pack, flag: string, value: string): Promise<Variant> {
  const known = await listVariants(pack);
  if (known.includes(value)) return loadPackVariant(pack, value);
  // A file is named relative to the folder pnpm was called in, as with eval --prompt.
  if (existsSync(userPath(value))) return loadVariant(userPath(value));
  throw new UsageError(
    `${flag} "${value}" is neither a variant of ${pack.name} (${known.join(', ') || 'none'}) nor a prompt file`,
  );
}

interface Side {
  variant: Variant;
  model: string;
}

/** What to call each side: the prompt names, the models when only those differ, both when both do. */
function labels(a: Side, b: Side): [string, string] {
  const samePrompt = a.variant.text === b.variant.text;
  const sameModel = a.model === b.model;
  const name = (side: Side) =>
    samePrompt ? side.model : sameModel ? side.variant.name : `${side.variant.name} (${side.model})`;
  const [left, right] = [name(a), name(b)];
  return left === right ? [`${left} (baseline)`, `${right} (variant)`] : [left, right];
}

async function runSide(
  options: CompareOptions,
  pack: Pack,
  cases: Case[],
  side: Side,
  agent: AgentPort,
  judge: Backends['judge'],
) {
  const run = await runPack({
    pack,
    variant: side.variant,
    cases,
    agent,
    judge,
    concurrency: options.concurrency,
    structural: !options.skipStructural,
    // A pair needs both sides graded: judge every item even where structural checks failed.
    judgeAlways: true,
    maxTurns: options.maxTurns,
    judgeStyle: options.judgeStyle,
    epochs: options.repeat,
  });
  return reduceEpochs(run.cases, policyResolver({ cli: options.policy, pack: pack.repeatPolicy }));
}

/** A pack's own agent runs both sides, so only the prompt can differ: a model flag would be ignored. */
function refuseModelFlags(options: CompareOptions, pack: Pack): void {
  const flag = options.baselineModel ? '--baseline-model' : options.variantModel ? '--variant-model' : undefined;
  if (flag) {
    throw new UsageError(
      `${flag}: ${pack.name} brings its own agent, which runs both sides; compare its prompts with --variant`,
    );
  }
}

/**
 * Runs two prompts (or two models) over the same cases with the same judge and prints whether the variant
 * really changed anything. Exit code 1 when the variant is detectably worse; 2 when an agent or judge
 * error on either side leaves the comparison inconclusive; else 0.
 */
export async function compareCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const options = parseCompareOptions(raw);
  const pack = await loadEvalPack(options);
  const ownAgent = packOwnAgent(pack, options.timeout);
  if (ownAgent) refuseModelFlags(options, pack);
  const agentName = (model: string) => (ownAgent ? `${ownAgent.backend} ${ownAgent.model}` : model);
  const baselinePrompt = await resolvePrompt(pack, '--baseline', options.baseline ?? pack.defaultVariant);
  const baseline: Side = { variant: baselinePrompt, model: agentName(options.baselineModel ?? options.model) };
  const variant: Side = {
    variant: options.variant ? await resolvePrompt(pack, '--variant', options.variant) : baselinePrompt,
    model: agentName(options.variantModel ?? options.model),
  };
  const cases = await loadPackCases(
    pack,
    options.testCase?.map((file) => userPath(file)),
  );
  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const role = (model: string) => ({ backend: 'ollama' as const, model });
  const backends = await connectBackends({
    // A pack that brings its own agent needs a backend for the judge only.
    agents: ownAgent ? [] : [role(baseline.model), role(variant.model)],
    ...(judgeModel && { judge: role(judgeModel) }),
    options,
    timeout: options.timeout,
  });
  const agentOf = (side: Side) => ownAgent ?? backends.agent(role(side.model));
  const where = (side: Side) =>
    ownAgent ? `${side.model} (the pack's own)` : `ollama ${side.model}${backends.where.ollama}`;

  const policy = runPolicy({ cli: options.policy, pack: pack.repeatPolicy });
  const epochs = options.repeat === 1 ? '1 epoch' : `${options.repeat} epochs`;
  io.write(`evalpacks compare · ${pack.name} · ${cases.length} cases · ${epochs} · policy ${policy}\n`);
  io.write(`baseline  ${baseline.variant.name} · ${where(baseline)}\n`);
  io.write(`variant   ${variant.variant.name} · ${where(variant)}\n`);
  const style = options.judgeStyle === 'yes-no' ? ', yes-no questions' : '';
  io.write(`judge     ${judgeModel ? `ollama ${judgeModel} (both sides${style})` : 'none (--structural-only)'}\n`);
  if (judgeModel && (judgeModel === baseline.model || judgeModel === variant.model)) io.write(SELF_JUDGE_NOTE);
  if (baseline.variant.text === variant.variant.text && baseline.model === variant.model) {
    io.write('note   both sides are the same prompt and model: this A/A run measures noise\n');
  }
  io.write('\n');

  const baselineTallies = await runSide(options, pack, cases, baseline, agentOf(baseline), backends.judge);
  const variantTallies = await runSide(options, pack, cases, variant, agentOf(variant), backends.judge);
  const comparison = compareRuns(baselineTallies, variantTallies, { seed: options.seed });
  printComparison(comparison, {
    write: io.write,
    color: options.color && io.isTTY && !options.ci,
    labels: labels(baseline, variant),
  });
  return comparison.verdict === 'inconclusive' ? 2 : comparison.verdict === 'worse' ? 1 : 0;
}
