import { existsSync } from 'node:fs';
import { formatInterval, percent } from '@evalpacks/core/report';
import { DEFAULT_TREND_POLICY, seriesOf, type Trend } from '@evalpacks/core/stats';
import { EvalStore, type RunOutcome } from '@evalpacks/store';
import { z } from 'zod';
import { shapeFor } from '../options/flag-table.ts';
import { SHARED_FLAGS } from '../options/shared-flags.ts';
import { type CommandIo, visibleIo } from '../output/command-io.ts';
import { resolveStorePath } from '../persistence/store-path.ts';
import { UsageError } from '../usage-error.ts';

const HistoryOptionsSchema = z.object(shapeFor(SHARED_FLAGS, 'history'));

const countRuns = (n: number) => `${n} run${n === 1 ? '' : 's'}`;

function trendLine(trend: Trend): string {
  if (trend.regression) {
    const runs = trend.regression.runIds.join(', ');
    return (
      `  REGRESSION  runs ${runs} are all below the median of the runs before them ` +
      `(${percent(trend.regression.baseline)}) beyond their 95% intervals`
    );
  }
  const { window, minEarlier } = DEFAULT_TREND_POLICY;
  return trend.points.length < window + minEarlier
    ? `  trend  ${countRuns(trend.points.length)}; a sustained regression needs ${window + minEarlier} to tell ` +
        `(${window} recent below ${minEarlier} earlier)`
    : '  trend  no sustained regression';
}

/** No --domain: the one line names the packs the store has runs of, so the next command can be typed. */
function missingPack(packs: string[]): string {
  return packs.length === 0
    ? 'missing --domain NAME (the store has no runs yet)'
    : `missing --domain NAME: the store has runs of ${packs.join(', ')} (pnpm history --domain ${packs[0]})`;
}

/**
 * `history --domain X`: each series of comparable runs with its pass rates (cases passed, as each run's
 * stored grade counts them) and Wilson 95% intervals, flagging a sustained regression. Exit 1 when any
 * series has one, so CI can alert on it.
 */
export async function historyCommand(raw: Record<string, unknown>, terminal: CommandIo): Promise<number> {
  // Run and model names come from the store, which a merge of downloaded files may have written.
  const io = visibleIo(terminal);
  const parsed = HistoryOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  const path = resolveStorePath(parsed.data.store);
  const { domain } = parsed.data;
  if (!existsSync(path)) {
    throw new UsageError(domain ? `no run history at ${path} yet; run pnpm eval first` : 'missing --domain NAME');
  }
  const store = EvalStore.open(path);
  let outcomes: RunOutcome[];
  try {
    if (!domain) throw new UsageError(missingPack(store.runFacets().packs));
    outcomes = store.runOutcomes(domain);
  } finally {
    store.close();
  }
  if (outcomes.length === 0) {
    io.write(`evalpacks history · ${domain} · no completed runs in ${path}\n`);
    return 0;
  }
  io.write(`evalpacks history · ${domain} · ${countRuns(outcomes.length)} · ${path}\n`);
  let regressions = 0;
  // Each run's cases passed as its stored grade counts them (under the policy it finished with).
  for (const { name, runs: members, trend } of seriesOf(outcomes)) {
    const byId = new Map(members.map((run) => [String(run.id), run]));
    io.write(`\n${name}\n`);
    io.write(
      `  ${'run'.padStart(5)}  ${'started (UTC)'.padEnd(16)}  ${'passed'.padEnd(8)}${'rate'.padEnd(8)}interval\n`,
    );
    for (const point of trend.points) {
      const run = byId.get(point.runId);
      const note = [
        run?.kind === 'rejudge' ? `  re-judge of run ${run.parentRunId}` : '',
        // A run an older evalpacks recorded has no stored grade: graded now, and the row says under what.
        run?.gradedNow ? `  graded now, under ${run.gradedNow}` : '',
      ].join('');
      io.write(
        `  ${point.runId.padStart(5)}  ${point.startedAt.slice(0, 16).replace('T', ' ')}  ` +
          `${`${point.passed}/${point.total}`.padEnd(8)}${percent(point.rate).padEnd(8)}` +
          `${formatInterval(point)}${note}\n`,
      );
    }
    io.write(`${trendLine(trend)}\n`);
    if (trend.regression) regressions += 1;
  }
  return regressions > 0 ? 1 : 0;
}
