import { resolve } from 'node:path';
import type { Case, Pack, PackLabel } from '@evalpacks/core';
import { judgeLabels, type LabelledVerdict, type StaleLabel } from '@evalpacks/core/calibration';
import {
  type JudgeStyle,
  type JudgeTuning,
  judgePromptVersion,
  loadJudgeTuning,
  loadPackJudgeTuning,
  type ModelCallCounts,
} from '@evalpacks/core/runner';
import type { EvalStore } from '@evalpacks/store';
import { connectBackends } from '../backends/connect.ts';
import { type BackendOptions, runConcurrency } from '../backends/registry.ts';
import { type Backend, defaultJudgeModel } from '../backends/roles.ts';
import { userPath } from '../user-path.ts';

/** One judge to calibrate: where it runs, which model, how it is asked. */
export interface JudgeChoice {
  backend: Backend;
  model?: string;
  style: JudgeStyle;
  /** A judge prompt file, "core" for core's prompt as it is, or undefined for the pack's judge.md. */
  prompt?: string;
}

export interface JudgedSide {
  /** "ollama qwen3.5:4b · risen-judge-v1" */
  name: string;
  /** Where its backend is, for the header: " @ http://127.0.0.1:11434". */
  where: string;
  judged: LabelledVerdict[];
  stale: StaleLabel[];
  calls: ModelCallCounts;
  /** Verdicts taken from the labels (offline, not cached). */
  recorded: number;
  /** Its backends' own summary rows (which Ollama hosts served how many calls). */
  backendRows: [string, string][];
}

export interface SideContext {
  pack: Pack;
  cases: Case[];
  labels: PackLabel[];
  store: EvalStore;
  offline: boolean;
  concurrency: number;
  /** Every backend's own flags (--ollama-host, --region, ...). */
  options: BackendOptions;
  timeout: number;
}

async function tuningOf(pack: Pack, prompt: string | undefined): Promise<JudgeTuning | null | undefined> {
  if (prompt === 'core') return null;
  if (prompt === undefined) return loadPackJudgeTuning(pack);
  const path = userPath(prompt);
  return loadJudgeTuning(path, resolve(path).split('/').pop() ?? prompt);
}

/** Connects one judge (through the call cache) and asks it about every labelled item. */
export async function judgeSide(choice: JudgeChoice, context: SideContext): Promise<JudgedSide> {
  // No agent here: a backend without a judge default judges with its default agent model.
  const noAgent = { backend: '', model: '' };
  const model = choice.model ?? defaultJudgeModel(choice.backend, noAgent);
  const tuning = await tuningOf(context.pack, choice.prompt);
  const backends = await connectBackends({
    agents: [],
    judge: { backend: choice.backend, model },
    options: context.options,
    timeout: context.timeout,
    concurrency: context.concurrency,
    cache: { store: context.store.callCache(), mode: context.offline ? 'offline' : 'use' },
  });
  const judge = backends.judge;
  if (!judge) throw new Error('calibrate connected no judge');
  const { judged, stale } = await judgeLabels({
    pack: context.pack,
    cases: context.cases,
    labels: context.labels,
    judge,
    style: choice.style,
    tuning,
    concurrency: runConcurrency(context.concurrency, context.options, [choice.backend]),
    recordedWhenOffline: context.offline,
  });
  const style = choice.style === 'yes-no' ? ' (yes-no)' : '';
  return {
    name: `${choice.backend} ${model}${style} · ${judgePromptVersion(choice.style, tuning)}`,
    where: backends.where[choice.backend] ?? '',
    judged,
    stale,
    calls: backends.calls.stats().judge,
    recorded: judged.filter((item) => item.recorded).length,
    backendRows: backends.summaryRows(),
  };
}
