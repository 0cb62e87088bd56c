import { type Case, casesInSplit, isPersonLabel, type Pack, type PackLabel, type SplitChoice } from '@evalpacks/core';
import {
  agreementLines,
  type CalibratedJudge,
  compareJudges,
  comparisonLines,
  fixLines,
  fixList,
  formatKappa,
  type JudgeComparison,
  measureAgreement,
  staleLines,
  writePackLabels,
} from '@evalpacks/core/calibration';
import { loadPackCaseFiles } from '@evalpacks/core/runner';
import { EvalStore } from '@evalpacks/store';
import type { z } from 'zod';
import { type AllLabels, allLabels } from '../calibration/all-labels.ts';
import { type JudgedSide, judgeSide, type SideContext } from '../calibration/judge-side.ts';
import { type LabelQueueResult, printLabelQueue } from '../calibration/label-queue-lines.ts';
import { DEFAULT_FOLDS, type TuneResult, tuneJudge } from '../calibration/tune-judge.ts';
import { tuneLines } from '../calibration/tune-lines.ts';
import {
  type CalibrateOptions,
  CalibrateOptionsSchema,
  hasVersus,
  parseCalibrateOptions,
} from '../options/calibrate-options.ts';
import { type CommandIo, visibleIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { sideRows } from '../output/side-rows.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { resolveStorePath } from '../persistence/store-path.ts';
import { UsageError } from '../usage-error.ts';
import { type EngineCall, engineCall } from './engine-call.ts';

/** `calibrate()`'s options: the calibrate command's flags in camelCase, with its defaults; plus `io` and `onEvent`. */
export type CalibrateJudgeOptions = z.input<typeof CalibrateOptionsSchema> & EngineCall;

/** A judge held against people's labels: its agreement (kappa, TPR, TNR, disagreements) as the report states it. */
export interface CalibrateResult {
  /** What `evalpacks calibrate` exits with: 1 when kappa is below minKappa, else 0. */
  exitCode: 0 | 1;
  /** Labels held against the judge (the pack's labels file and the store's, each once; with split, those of its cases). */
  labels: number;
  /** The judge (judge A), its verdicts on the labelled items and how well they agree; absent with `export`. */
  judge?: CalibratedJudge;
  /** The second judge, with versusModel, versusBackend, versusStyle or versusPrompt. */
  versus?: CalibratedJudge;
  /** Which of the two agrees better with people (McNemar over the items they disagree on). */
  comparison?: JudgeComparison;
  /** With `export`: the labels file written. */
  exported?: string;
  /** With `queue`: the run's unlabelled verdicts, most worth a label first, each with why. */
  queue?: LabelQueueResult;
  /** With `tune`: the proposal to the pack's judge.md, its held-out agreement before and after, and whether it was written. */
  tune?: TuneResult;
}

/**
 * Asks the judge again about every item people labelled, prints how well it agrees with them to `io`, and
 * resolves to the figures (or, with `export`, writes the labels file). The one implementation of
 * `evalpacks calibrate` and `calibrate()`.
 */
export async function runCalibration(raw: Record<string, unknown>, terminal: CommandIo): Promise<CalibrateResult> {
  const io = visibleIo(terminal);
  const options = parseCalibrateOptions(raw);
  const pack = await loadEvalPack(options);
  const store = EvalStore.open(resolveStorePath(options.store));
  try {
    const found = await allLabels(pack, store);
    if (options.export) return await exportLabels(pack, found, io);
    if (options.queue) {
      const queue = printLabelQueue(pack, store, found, options.queue, io);
      return { exitCode: 0, labels: found.labels.length, queue };
    }
    if (options.tune) return await tuneCalibration(options, pack, store, found, io);
    return await calibrateJudges(options, pack, store, found, io);
  } finally {
    store.close();
  }
}

/**
 * Measures a judge against people's labels from code, as `evalpacks calibrate` does:
 * `await calibrate({ domain: 'code-review', judgeModel: 'qwen3.5:4b', minKappa: 0.6 })`.
 */
export function calibrate(options: CalibrateJudgeOptions): Promise<CalibrateResult> {
  return engineCall(options, {
    shape: CalibrateOptionsSchema.shape,
    paths: ['pack', 'store'],
    namesOrFiles: ['judgePrompt', 'versusPrompt'],
    run: runCalibration,
  });
}

async function exportLabels(pack: Pack, found: AllLabels, io: CommandIo): Promise<CalibrateResult> {
  const file = await writePackLabels(pack, found.labels);
  io.write(
    `wrote ${found.labels.length} labels to ${shortPath(file)} ` +
      `(${found.fromStore} from the store, ${found.fromFile} kept from the file)\n`,
  );
  return { exitCode: 0, labels: found.labels.length, exported: file };
}

/**
 * The labels of the cases in a --split. A label whose case is gone has no split to go by and is left out
 * (with --split all it is kept, and reported stale).
 */
function labelsInSplit(pack: Pack, cases: Case[], labels: PackLabel[], split: SplitChoice): PackLabel[] {
  if (split === 'all') return labels;
  const inSplit = new Set(casesInSplit(cases, split).map((testCase) => testCase.id));
  const kept = labels.filter((label) => inSplit.has(label.caseId));
  if (kept.length > 0) return kept;
  throw new UsageError(`--split ${split}: none of the ${labels.length} labels of ${pack.name} is on a case in it`);
}

async function tuneCalibration(
  options: CalibrateOptions,
  pack: Pack,
  store: EvalStore,
  found: AllLabels,
  io: CommandIo,
): Promise<CalibrateResult> {
  if (found.labels.length === 0) {
    throw new UsageError(`--tune: pack "${pack.name}" has no labels to learn from; label verdicts first (pnpm ui)`);
  }
  const { cases } = await loadPackCaseFiles(pack);
  const labels = labelsInSplit(pack, cases, found.labels, options.split ?? 'all');
  const choice = { ...options, folds: options.folds ?? DEFAULT_FOLDS, backendOptions: options };
  const tune = await tuneJudge(choice, { pack, cases, labels, store });
  const sources = `${found.fromFile} from ${shortPath(found.file)}, ${found.fromStore} from the store`;
  io.write(`evalpacks calibrate --tune · ${pack.name} · ${labels.length} labels (${sources})\n`);
  io.write(`judge  ${tune.judge}${tune.where}\n`);
  io.write(`tuner  ${tune.proposer}\n`);
  io.write(
    `store  ${shortPath(store.path)} · model calls ${tune.calls.made} made, ${tune.calls.cached} from the cache\n\n`,
  );
  io.write(`${tuneLines(tune).join('\n')}\n`);
  return { exitCode: 0, labels: labels.length, tune };
}

function sideLine(tag: string, side: JudgedSide): string {
  if (side.recorded > 0 && side.recorded === side.judged.length) {
    // Only a label given on a verdict has one to fall back on: every judged item here was such a label.
    const models = new Set(
      side.judged.flatMap(({ label }) =>
        isPersonLabel(label) ? [] : [`${label.verdict.model} · ${label.verdict.promptVersion ?? '?'}`],
      ),
    );
    const by = models.size === 1 ? [...models][0] : `${models.size} judges`;
    return `${tag}  the verdicts recorded with the labels (${by}); offline, none cached for ${side.name}\n`;
  }
  const recorded =
    side.recorded > 0
      ? ` · ${side.recorded} of ${side.judged.length} verdicts as recorded with the labels (offline, not cached)`
      : '';
  return `${tag}  ${side.name}${side.where}${recorded}\n`;
}

const calibrated = (side: JudgedSide): CalibratedJudge => ({
  name: side.name,
  judged: side.judged,
  agreement: measureAgreement(side.judged),
});

async function calibrateJudges(
  options: CalibrateOptions,
  pack: Pack,
  store: EvalStore,
  found: AllLabels,
  io: CommandIo,
): Promise<CalibrateResult> {
  if (found.labels.length === 0) {
    throw new UsageError(
      `pack "${pack.name}" has no labels yet: label verdicts in the viewer (pnpm ui), or write ${shortPath(found.file)}`,
    );
  }
  const { cases, fileOf } = await loadPackCaseFiles(pack);
  const split = options.split ?? 'all';
  const labels = labelsInSplit(pack, cases, found.labels, split);
  const context: SideContext = {
    pack,
    cases,
    labels,
    store,
    offline: options.offline,
    concurrency: options.concurrency,
    options,
    timeout: options.timeout,
  };
  const a = await judgeSide(
    {
      backend: options.judgeBackend,
      model: options.judgeModel,
      style: options.judgeStyle,
      prompt: options.judgePrompt,
    },
    context,
  );
  const b = hasVersus(options)
    ? await judgeSide(
        {
          backend: options.versusBackend ?? options.judgeBackend,
          model: options.versusModel ?? options.judgeModel,
          style: options.versusStyle ?? options.judgeStyle,
          prompt: options.versusPrompt ?? options.judgePrompt,
        },
        context,
      )
    : undefined;

  const sources = `${found.fromFile} from ${shortPath(found.file)}, ${found.fromStore} from the store`;
  const ofSplit = split === 'all' ? '' : ` · split ${split}: ${labels.length} of them`;
  io.write(`evalpacks calibrate · ${pack.name} · ${found.labels.length} labels (${sources})${ofSplit}\n`);
  io.write(b ? sideLine('judge A', a) + sideLine('judge B', b) : sideLine('judge', a));
  const calls = [a, b].filter((side) => side !== undefined).map((side) => side.calls);
  const made = calls.reduce((sum, c) => sum + c.made, 0);
  const cached = calls.reduce((sum, c) => sum + c.cached, 0);
  io.write(`store  ${shortPath(store.path)} · model calls ${made} made, ${cached} from the cache\n`);
  const rows = b
    ? [
        { name: 'judge A', rows: a.backendRows },
        { name: 'judge B', rows: b.backendRows },
      ]
    : [{ name: 'judge', rows: a.backendRows }];
  for (const [label, value] of sideRows(rows)) io.write(`${label}  ${value}\n`);
  io.write('\n');

  const judgeA = calibrated(a);
  const lines = [...agreementLines(judgeA)];
  const fixes = fixList(a.judged, fileOf);
  lines.push('', ...fixLines(fixes));
  if (judgeA.agreement.caseWrong.length > 0) {
    const n = judgeA.agreement.caseWrong.length;
    lines.push(`  (${n} ${n === 1 ? 'item' : 'items'} blamed on the case left out of the agreement)`);
  }
  const stale = staleLines(a.stale);
  if (stale.length > 0) lines.push('', ...stale);
  const judgeB = b && calibrated(b);
  const comparison = b && compareJudges(a.judged, b.judged);
  if (judgeB && comparison) lines.push('', ...comparisonLines(judgeA, judgeB, comparison));
  io.write(`${lines.join('\n')}\n`);

  const result = {
    labels: labels.length,
    judge: judgeA,
    ...(judgeB && { versus: judgeB }),
    ...(comparison && { comparison }),
  };
  if (options.minKappa === undefined) return { exitCode: 0, ...result };
  const { kappa } = judgeA.agreement.overall.kappa;
  if (Number.isFinite(kappa) && kappa >= options.minKappa) return { exitCode: 0, ...result };
  io.write(`\nFAIL  ${formatKappa(judgeA.agreement.overall)} is below --min-kappa ${options.minKappa}\n`);
  return { exitCode: 1, ...result };
}
