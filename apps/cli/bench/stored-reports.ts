/**
 * The file reports of a stored run, written in this process from its store: the part of bench:tail's tail
 * that reads results back, timed alone (wall and this process's CPU), without running the eval first.
 *
 *   pnpm --filter @evalpacks/cli bench:stored-reports -- --store PATH [--run 1] [--reporter json,markdown] [--runs 3]
 *
 * Make the store once with bench:tail's command and --reporter console (or keep one bench:tail made).
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { caseRecord, gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import { writeFileReports } from '../src/output/file-reports.ts';
import { storedReportSource } from '../src/output/stored-results.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    store: { type: 'string' },
    run: { type: 'string', default: '1' },
    reporter: { type: 'string', default: 'json,markdown' },
    runs: { type: 'string', default: '3' },
  },
});
if (!values.store) throw new Error('--store PATH: a store with a run in it');
const store = EvalStore.open(values.store);
const runId = Number(values.run);
const record = store.run(runId);
if (!record) throw new Error(`no run ${runId} in ${values.store}`);
const keys = store.resultKeys(runId).map(({ caseId, epoch }) => ({ case: { id: caseId }, epoch }));
const facts = {
  pack: record.pack,
  variant: record.variant,
  agent: record.agent,
  ...(record.judge && { judge: record.judge }),
  startedAt: record.startedAt,
  finishedAt: record.finishedAt ?? record.startedAt,
};
const grade =
  store.runGrade(runId) ?? gradeRun({ cases: [...store.eachCaseResult(runId)].map((result) => caseRecord(result)) });
console.log(`load average ${loadavg()[0]?.toFixed(2)}; ${keys.length} results; --reporter ${values.reporter}`);
for (let run = 0; run < Number(values.runs); run++) {
  const out = mkdtempSync(join(tmpdir(), 'evalpacks-bench-reports-'));
  const cpu = process.cpuUsage();
  const started = performance.now();
  await writeFileReports(
    values.reporter.split(','),
    { run: facts, grade, ...storedReportSource(store, runId, keys) },
    out,
    { runId: String(runId) },
  );
  const used = process.cpuUsage(cpu);
  console.log(
    `run ${run + 1}: ${((performance.now() - started) / 1000).toFixed(2)} s wall, ` +
      `CPU ${((used.user + used.system) / 1e6).toFixed(2)} s; reports in ${out}`,
  );
}
store.close();
