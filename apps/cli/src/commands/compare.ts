import { existsSync } from 'node:fs';
import {
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
  type Variant,
} from '@evalpacks/core';
import { type Backends, connectBackends, SELF_JUDGE_NOTE } from '../backends/connect.ts';
import { loadDomain } from '../packs/discover.ts';
import { UsageError } from '../usage-error.ts';
import { type CompareOptions, parseCompareOptions } from './compare-options.ts';
import type { CommandIo } from './eval.ts';

/** A --baseline / --variant value: a variant of the pack by name, else a prompt file. */
async function resolvePrompt(pack: Pack, flag: string, value: string): Promise<Variant> {
  const known = await listVariants(pack);
  if (known.includes(value)) return loadPackVariant(pack, value);
  if (existsSync(value)) return loadVariant(value);
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

async function runSide(options: CompareOptions, pack: Pack, cases: Case[], side: Side, backends: Backends) {
  const run = await runPack({
    pack,
    variant: side.variant,
    cases,
    agent: backends.agent(side.model),
    judge: backends.judge,
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

/**
 * Runs two prompts (or two models) over the same cases with the same judge and prints whether the variant
 * really changed anything. Exit code 1 when the variant is detectably worse, else 0.
 */
export async function compareCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const options = parseCompareOptions(raw);
  const pack = await loadDomain(options.domain);
  const baselinePrompt = await resolvePrompt(pack, '--baseline', options.baseline ?? pack.defaultVariant);
  const baseline: Side = { variant: baselinePrompt, model: options.baselineModel ?? options.model };
  const variant: Side = {
    variant: options.variant ? await resolvePrompt(pack, '--variant', options.variant) : baselinePrompt,
    model: options.variantModel ?? options.model,
  };
  const cases = await loadPackCases(pack, options.testCase);
  const judgeModel = options.structuralOnly ? undefined : (options.judgeModel ?? options.model);
  const backends = await connectBackends({
    ollamaHost: options.ollamaHost,
    agentModels: [baseline.model, variant.model],
    judgeModel,
    timeout: options.timeout,
  });

  const policy = options.policy ?? pack.repeatPolicy ?? 'majority';
  const epochs = options.repeat === 1 ? '1 epoch' : `${options.repeat} epochs`;
  io.write(`evalpacks compare · ${pack.name} · ${cases.length} cases · ${epochs} · policy ${policy}\n`);
  io.write(`baseline  ${baseline.variant.name} · ollama ${baseline.model} @ ${backends.host}\n`);
  io.write(`variant   ${variant.variant.name} · ollama ${variant.model} @ ${backends.host}\n`);
  const style = options.judgeStyle === 'yes-no' ? ', yes-no questions' : '';
  io.write(`judge     ${judgeModel ? `ollama ${judgeModel} (both sides${style})` : 'none (--structural-only)'}\n`);
  if (judgeModel && (judgeModel === baseline.model || judgeModel === variant.model)) io.write(SELF_JUDGE_NOTE);
  if (baseline.variant.text === variant.variant.text && baseline.model === variant.model) {
    io.write('note   both sides are the same prompt and model: this A/A run measures noise\n');
  }
  io.write('\n');

  const baselineTallies = await runSide(options, pack, cases, baseline, backends);
  const variantTallies = await runSide(options, pack, cases, variant, backends);
  const comparison = compareRuns(baselineTallies, variantTallies, { seed: options.seed });
  printComparison(comparison, {
    write: io.write,
    color: options.color && io.isTTY && !options.ci,
    labels: labels(baseline, variant),
  });
  return comparison.verdict === 'worse' ? 1 : 0;
}
