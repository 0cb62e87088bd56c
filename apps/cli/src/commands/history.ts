import { existsSync } from 'node:fs';
import { formatInterval, percent } from '@evalpacks/core/report';
import { analyzeTrend, DEFAULT_TREND_POLICY, type Trend } from '@evalpacks/core/stats';
import { EvalStore, type RunOutcome } from '@evalpacks/store';
import { z } from 'zod';
import { describeModel } from '../memory/run-config.ts';
import { resolveStorePath } from '../memory/store-path.ts';
import { type CommandIo, visibleIo } from '../output/command-io.ts';
import { UsageError } from '../usage-error.ts';

const HistoryOptionsSchema = z.object({
  domain: z.string({ error: 'missing --domain NAME' }).min(1),
  store: z.string().min(1).optional(),
});

const countRuns = (n: number) => `${n} run${n === 1 ? '' : 's'}`;

/** Runs are comparable when they ask the same prompt of the same models the same way. */
function seriesName(run: RunOutcome): string {
  const offline = run.offline ? ' · offline' : '';
  return `${run.variant} · agent ${describeModel(run.agent)} · judge ${describeModel(run.judge)}${offline}`;
}

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

/**
 * `history --domain X`: each series of comparable runs with its pass rates and Wilson 95% intervals,
 * flagging a sustained regression. Exit 1 when any series has one, so CI can alert on it.
 */
export async function historyCommand(raw: Record<string, unknown>, terminal: CommandIo): Promise<number> {
  // Run and model names come from the store, which a merge of downloaded files may have written.
  const io = visibleIo(terminal);
  const parsed = HistoryOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  const path = resolveStorePath(parsed.data.store);
  if (!existsSync(path)) throw new UsageError(`no run history at ${path} yet; run pnpm eval first`);
  const store = EvalStore.open(path);
  let outcomes: RunOutcome[];
  try {
    outcomes = store.runOutcomes(parsed.data.domain);
  } finally {
    store.close();
  }
  if (outcomes.length === 0) {
    io.write(`evalpacks history · ${parsed.data.domain} · no completed runs in ${path}\n`);
    return 0;
  }
  const series = new Map<string, RunOutcome[]>();
  for (const run of outcomes) series.set(seriesName(run), [...(series.get(seriesName(run)) ?? []), run]);
  io.write(`evalpacks history · ${parsed.data.domain} · ${countRuns(outcomes.length)} · ${path}\n`);
  let regressions = 0;
  for (const [name, members] of series) {
    const byId = new Map(members.map((run) => [String(run.id), run]));
    const trend = analyzeTrend(
      members.map((run) => ({ runId: String(run.id), startedAt: run.startedAt, passed: run.passed, total: run.total })),
    );
    io.write(`\n${name}\n`);
    io.write(
      `  ${'run'.padStart(5)}  ${'started (UTC)'.padEnd(16)}  ${'passed'.padEnd(8)}${'rate'.padEnd(8)}interval\n`,
    );
    for (const point of trend.points) {
      const run = byId.get(point.runId);
      const note = run?.kind === 'rejudge' ? `  re-judge of run ${run.parentRunId}` : '';
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
