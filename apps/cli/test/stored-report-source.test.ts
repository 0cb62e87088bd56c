import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, RunResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { jsonReport, junitReport, markdownReport } from '@evalpacks/core/report';
import { EvalStore } from '@evalpacks/store';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { writeFileReports } from '../src/output/file-reports.ts';
import { storedReportSource } from '../src/output/stored-results.ts';

const facts: Omit<RunResult, 'cases'> = {
  pack: 'code-review',
  variant: 'baseline',
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  judge: { backend: 'ollama', model: 'judge:1b' },
  startedAt: '2025-01-01T10:00:00.000Z',
  finishedAt: '2025-01-01T10:05:00.000Z',
};

/** Case i over three epochs (saved epoch by epoch, cases interleaved), the last one failing; one odd answer. */
function saveRun(store: EvalStore): number {
  const run = store.beginRun(runMeta());
  for (const epoch of [0, 1, 2]) {
    for (let i = 0; i < 20; i++) {
      const result = caseResult(`case-${i}`, epoch, epoch === 2 ? 'failed' : 'passed');
      const answer = i === 3 ? 'cut mid-emoji \ud83d, ünïcödé' : `review ${i}.${epoch}`;
      store.saveCaseResult(run.id, { ...result, transcript: { ...result.transcript, answer } });
    }
  }
  return run.id;
}

async function reports(store: EvalStore, runId: number) {
  const keys = store.resultKeys(runId).map(({ caseId, epoch }) => ({ case: { id: caseId }, epoch }));
  const grade = gradeRun({ cases: store.caseResults(runId) }, { policy: 'all' });
  const dir = mkdtempSync(join(tmpdir(), 'evalpacks-stored-reports-'));
  await writeFileReports(
    ['json', 'markdown', 'junit'],
    { run: facts, grade, ...storedReportSource(store, runId, keys) },
    dir,
    { runId: String(runId) },
  );
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return { grade, json: read('results.json'), markdown: read('summary.md'), junit: read('junit.xml') };
}

/** The reports as they are made from the results read back whole (what they were before the store kept texts). */
function expected(store: EvalStore, runId: number, grade: ReturnType<typeof gradeRun>) {
  const cases: CaseResult[] = store.caseResults(runId);
  const whole = { ...facts, cases };
  const options = { runId: String(runId), grade };
  return {
    json: jsonReport(whole, options),
    markdown: markdownReport(whole, options),
    junit: junitReport(whole, options),
  };
}

describe("a run's file reports from its store", () => {
  it("copy each result's saved text and read no answers for the Markdown, byte for byte the reports of its results", async () => {
    const store = EvalStore.open(tempStorePath());
    const runId = saveRun(store);
    const { grade, ...made } = await reports(store, runId);
    expect(made).toEqual(expected(store, runId, grade));
    // The lone surrogate comes back from SQLite as replacement characters: three on Node 20, one on Node 24.
    expect(made.json).toMatch(/cut mid-emoji \ufffd{1,3}, ünïcödé/);
    store.close();
  });

  it('make the text of a result saved without one (an older evalpacks) from the result', async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const runId = saveRun(store);
    const db = new Database(path);
    expect(
      db.prepare("DELETE FROM result_texts WHERE case_id IN ('case-3', 'case-7') OR epoch = 1").run().changes,
    ).toBe(24);
    db.close();
    const { grade, ...made } = await reports(store, runId);
    expect(made).toEqual(expected(store, runId, grade));
    store.close();
  });

  it('write results.json from the saved texts, not from the results', async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const runId = saveRun(store);
    const db = new Database(path);
    db.prepare(
      'UPDATE result_texts SET text = CAST(\'{"saved": "text"}\' AS BLOB) WHERE case_id = \'case-5\' AND epoch = 2',
    ).run();
    db.close();
    const { json } = await reports(store, runId);
    expect(json.match(/\{"saved": "text"\}/g)).toHaveLength(1);
    store.close();
  });
});
