import type { Pack } from '@evalpacks/core';
import { type QueuedItem, queueReasonText } from '@evalpacks/core/calibration';
import { LOW_CONFIDENCE } from '@evalpacks/core/runner';
import { type EvalStore, type JudgedItem, labelRefOf, type RunRecord, runLabelQueue } from '@evalpacks/store';
import type { CommandIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { UsageError } from '../usage-error.ts';
import type { AllLabels } from './all-labels.ts';

/** Verdicts `calibrate --queue` prints: a sitting's worth; the rest follow once these are labelled. */
export const QUEUE_SHOWN = 50;

/** A run's label queue as `calibrate()` gives it. */
export interface LabelQueueResult {
  run: number;
  /** Every unlabelled verdict of the run, most worth a label first, each with why. */
  items: QueuedItem<JudgedItem>[];
  /** Verdicts of the run already labelled (on the pack's labels file or in the store). */
  labelled: number;
}

function queuedRun(pack: Pack, store: EvalStore, queue: true | number): RunRecord {
  if (queue !== true) {
    const run = store.run(queue);
    if (!run) throw new UsageError(`--queue ${queue}: no run ${queue} in ${shortPath(store.path)} (see pnpm history)`);
    if (run.pack !== pack.name)
      throw new UsageError(`--queue ${queue}: run ${queue} is of ${run.pack}, not ${pack.name}`);
    return run;
  }
  const { runs } = store.runPage({ pack: pack.name, limit: 50, offset: 0 });
  const run = runs.find((listed) => listed.status === 'completed') ?? runs[0];
  if (!run) throw new UsageError(`--queue: no run of ${pack.name} in ${shortPath(store.path)}: run pnpm eval first`);
  return run;
}

const table = (rows: string[][]): string[] => {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows.map(
    (row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')}`,
  );
};

/**
 * `calibrate --queue`: the run's unlabelled verdicts in the viewer's order (core's orderLabelQueue, over
 * the pack's labels file and the store's labels), the first QUEUE_SHOWN printed with why each is next.
 */
export function printLabelQueue(
  pack: Pack,
  store: EvalStore,
  found: AllLabels,
  queue: true | number,
  io: CommandIo,
): LabelQueueResult {
  const run = queuedRun(pack, store, queue);
  const threshold = store.gradeSummary(run.id)?.figures.totals.confidence?.threshold ?? LOW_CONFIDENCE;
  const { queue: items, labelled } = runLabelQueue(store, run.id, found.labels.map(labelRefOf), threshold);
  io.write(
    `evalpacks calibrate --queue · ${pack.name} · run #${run.id} (${run.variant}, judge ${run.judge?.model ?? 'none'}) · ` +
      `${items.length} ${items.length === 1 ? 'verdict' : 'verdicts'} to label, ${labelled} labelled\n`,
  );
  if (items.length === 0) {
    io.write(`Every verdict of run #${run.id} is labelled: run calibrate without --queue to measure the judge.\n`);
    return { run: run.id, items, labelled };
  }
  const rows = items
    .slice(0, QUEUE_SHOWN)
    .map(({ item, reason }, i) => [
      String(i + 1),
      item.caseId,
      `epoch ${item.epoch + 1}`,
      `${item.kind} ${item.itemId}`,
      item.passed ? 'pass' : 'fail',
      queueReasonText(reason),
    ]);
  const lines = table([['#', 'case', 'epoch', 'item', 'judge', 'why next'], ...rows]);
  const more = items.length > QUEUE_SHOWN ? `the first ${QUEUE_SHOWN} of ${items.length}; ` : '';
  lines.push(
    '',
    `(${more}label them in ${shortPath(found.file)} or the viewer's /runs/${run.id}/to-label, then ask again)`,
  );
  io.write(`${lines.join('\n')}\n`);
  return { run: run.id, items, labelled };
}
