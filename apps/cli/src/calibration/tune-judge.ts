import { readFile, writeFile } from 'node:fs/promises';
import type { Case, Pack, PackLabel } from '@evalpacks/core';
import {
  addToJudgeMd,
  checkTunedJudgeMd,
  type HeldOutGain,
  heldOutGain,
  isEmpty,
  type JudgeAdditions,
  judgeLabels,
  type LabelledVerdict,
  labelFolds,
  measureAgreement,
  outcomes,
  type StaleLabel,
} from '@evalpacks/core/calibration';
import {
  type JudgeStyle,
  type JudgeTuning,
  judgePromptVersion,
  packJudgeFile,
  parseJudgeTuning,
} from '@evalpacks/core/runner';
import type { EvalStore } from '@evalpacks/store';
import { type Backends, connectBackends } from '../backends/connect.ts';
import { type BackendOptions, runConcurrency } from '../backends/registry.ts';
import { type Backend, defaultJudgeModel } from '../backends/roles.ts';
import { UsageError } from '../usage-error.ts';
import { modelProposer, notesProposer, type Proposer } from './tune-proposer.ts';

/** k of the k-fold cross-validation without --folds: each label is held out once, with 80% to learn from. */
export const DEFAULT_FOLDS = 5;

export interface TuneChoice {
  judgeBackend: Backend;
  judgeModel?: string | undefined;
  judgeStyle: JudgeStyle;
  tuneBackend?: Backend | undefined;
  tuneModel?: string | undefined;
  tuneFromNotes: boolean;
  folds: number;
  write: boolean;
  offline: boolean;
  concurrency: number;
  timeout: number;
  backendOptions: BackendOptions;
}

/** What `calibrate --tune` found: the proposal, how it did on held-out labels, and whether it was written. */
export interface TuneResult {
  judge: string;
  proposer: string;
  /** Labelled items with an outcome from both the judge and the person: what the folds split. */
  items: number;
  folds: number;
  /** The proposal made from every label: what --write writes. */
  proposal: JudgeAdditions;
  /** The judge.md it would make. */
  tunedText: string;
  gain: HeldOutGain;
  versionBefore: string;
  versionAfter: string;
  /** The file written, with --write when held-out agreement improved. */
  written?: string;
  stale: StaleLabel[];
  calls: { made: number; cached: number };
  where: string;
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function connect(backend: Backend, model: string, choice: TuneChoice, store: EvalStore): Promise<Backends> {
  return connectBackends({
    agents: [],
    judge: { backend, model },
    options: choice.backendOptions,
    timeout: choice.timeout,
    concurrency: choice.concurrency,
    cache: { store: store.callCache(), mode: choice.offline ? 'offline' : 'use' },
  });
}

/**
 * `calibrate --tune`: proposes additions to the pack's judge.md from the disagreements between the judge and
 * people, and measures them by k-fold cross-validation. Each fold's proposal is made from its training folds
 * only (their disagreements, notes and worked examples) and judged on the held-out fold; the held-out verdicts
 * of every fold, pooled, are held against the current judge's on the same labels.
 */
export async function tuneJudge(
  choice: TuneChoice,
  context: { pack: Pack; cases: Case[]; labels: PackLabel[]; store: EvalStore },
): Promise<TuneResult> {
  const { pack, cases, store } = context;
  const { path, source } = packJudgeFile(pack);
  const current = await readIfThere(path);
  const currentTuning = current === undefined ? undefined : parseJudgeTuning(current, path, source);
  const noAgent = { backend: '', model: '' };
  const judgeModel = choice.judgeModel ?? defaultJudgeModel(choice.judgeBackend, noAgent);
  const judgeBackends = await connect(choice.judgeBackend, judgeModel, choice, store);
  const judge = judgeBackends.judge;
  if (!judge) throw new Error('calibrate --tune connected no judge');
  const concurrency = runConcurrency(choice.concurrency, choice.backendOptions, [choice.judgeBackend]);
  const ask = (labels: PackLabel[], tuning: JudgeTuning | undefined) =>
    judgeLabels({ pack, cases, labels, judge, style: choice.judgeStyle, tuning: tuning ?? null, concurrency });

  const baseline = await ask(context.labels, currentTuning);
  const usable = baseline.judged.filter((item) => outcomes(item) !== undefined);
  if (usable.length < choice.folds) {
    throw new UsageError(
      `--tune: ${usable.length} labelled items with an outcome cannot fill ${choice.folds} folds; ` +
        'label more verdicts or give fewer --folds',
    );
  }

  let tuner: Backends | undefined;
  let proposer: Proposer;
  if (choice.tuneFromNotes) proposer = notesProposer();
  else {
    const backend = choice.tuneBackend ?? choice.judgeBackend;
    const model =
      choice.tuneModel ?? (backend === choice.judgeBackend ? judgeModel : defaultJudgeModel(backend, noAgent));
    tuner = await connect(backend, model, choice, store);
    if (!tuner.judge) throw new Error('calibrate --tune connected no tuning model');
    proposer = modelProposer(tuner.judge, pack.judge.subject, current);
  }
  const tuned = (additions: JudgeAdditions) => {
    const text = addToJudgeMd(current, additions, pack.judge.guidance);
    return { text, tuning: checkTunedJudgeMd(current, text, path, source) };
  };

  // The proposal from every label is checked first: a judge.md it would break is refused before any fold is judged.
  const proposal = await proposer.propose(measureAgreement(usable).disagreements);
  const final = isEmpty(proposal) ? { text: current ?? '', tuning: currentTuning } : tuned(proposal);

  const before: LabelledVerdict[] = [];
  const after: LabelledVerdict[] = [];
  for (const fold of labelFolds(usable, choice.folds)) {
    before.push(...fold.heldOut);
    const additions = await proposer.propose(measureAgreement(fold.training).disagreements);
    if (isEmpty(additions)) {
      after.push(...fold.heldOut);
      continue;
    }
    const { judged } = await ask(
      fold.heldOut.map((item) => item.label),
      tuned(additions).tuning,
    );
    after.push(...judged);
  }
  const gain = heldOutGain(before, after);

  const versionBefore = judgePromptVersion(choice.judgeStyle, currentTuning);
  const versionAfter = judgePromptVersion(choice.judgeStyle, final.tuning);
  let written: string | undefined;
  if (choice.write && gain.improved && !isEmpty(proposal)) {
    await writeFile(path, final.text);
    written = path;
  }
  const counts = [judgeBackends, tuner].flatMap((b) => (b ? [b.calls.stats().judge] : []));
  const style = choice.judgeStyle === 'yes-no' ? ' (yes-no)' : '';
  return {
    judge: `${choice.judgeBackend} ${judgeModel}${style} · ${versionBefore}`,
    proposer: proposer.name,
    items: usable.length,
    folds: choice.folds,
    proposal,
    tunedText: final.text,
    gain,
    versionBefore,
    versionAfter,
    ...(written && { written }),
    stale: baseline.stale,
    calls: {
      made: counts.reduce((sum, c) => sum + c.made, 0),
      cached: counts.reduce((sum, c) => sum + c.cached, 0),
    },
    where: judgeBackends.where[choice.judgeBackend] ?? '',
  };
}
