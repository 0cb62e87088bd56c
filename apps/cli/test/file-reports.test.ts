import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, RunResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { jsonReport, junitReport, markdownReport } from '@evalpacks/core/report';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../../../packages/store/test/support.ts';
import { writeFileReports } from '../src/output/file-reports.ts';
import { writeTogether } from '../src/output/shared-read.ts';

/** Case i over two epochs, failing its one check in the second. */
function results(cases: number): CaseResult[] {
  return Array.from({ length: cases }, (_, i) =>
    [0, 1].map((epoch) => {
      const passed = epoch === 0;
      const result = caseResult(`case-${i}`, epoch, passed ? 'passed' : 'failed');
      const check = {
        id: 'table',
        name: 'Table',
        part: 'expectation' as const,
        passed,
        detail: passed ? 'a table' : 'none',
      };
      return { ...result, checks: [check], reasons: passed ? [] : ['expectation: check "Table" failed'] };
    }),
  ).flat();
}

const run = (cases: CaseResult[]): RunResult => ({
  pack: 'code-review',
  variant: 'baseline',
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  judge: { backend: 'ollama', model: 'judge:1b' },
  startedAt: '2025-01-01T10:00:00.000Z',
  finishedAt: '2025-01-01T10:05:00.000Z',
  cases,
});

describe('the file reports of a run', () => {
  it('are written from one read of its results, each as it alone would be written', async () => {
    const all = results(50);
    const whole = run(all);
    const grade = gradeRun(whole, { policy: 'all' });
    let reads = 0;
    let read = 0;
    // The store's side: each result made anew as it is read.
    function* fromStore(): Generator<CaseResult> {
      reads++;
      for (const result of all) {
        read++;
        yield structuredClone(result);
      }
    }
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-reports-'));
    const { cases: _cases, ...facts } = whole;
    const written = await writeFileReports(
      ['json', 'markdown', 'junit'],
      { run: facts, grade, results: fromStore },
      dir,
      { runId: '7' },
    );
    expect([reads, read]).toEqual([1, all.length]);
    expect(written).toEqual(['results.json', 'summary.md', 'junit.xml'].map((name) => join(dir, name)));
    expect(readFileSync(join(dir, 'results.json'), 'utf8')).toBe(jsonReport(whole, { runId: '7', grade }));
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe(markdownReport(whole, { runId: '7', grade }));
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toBe(junitReport(whole, { runId: '7', grade }));
  });

  it('are byte for byte the whole report however many bytes a character takes and however large a result is', async () => {
    // 2-, 3- and 4-byte characters in answers of every size, one of them alone larger than a write's buffer,
    // so parts land at every place in it: across a flush, filling it, and written past it.
    const answers = Array.from({ length: 24 }, (_, k) => (['é', '—', '🦀', 'a'][k % 4] ?? '').repeat(1 + k * 9_973));
    answers.push('🦀—é'.repeat(200_000));
    const all = results(answers.length).map((result, i) => ({
      ...result,
      transcript: { ...result.transcript, answer: answers[i % answers.length] ?? '' },
    }));
    const whole = run(all);
    const grade = gradeRun(whole, { policy: 'all' });
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-reports-'));
    const { cases: _cases, ...facts } = whole;
    await writeFileReports(['json', 'markdown'], { run: facts, grade, results: () => all }, dir, { runId: '7' });
    const json = readFileSync(join(dir, 'results.json'));
    expect(json.length).toBeGreaterThan(10_000_000);
    expect(json.equals(Buffer.from(jsonReport(whole, { runId: '7', grade })))).toBe(true);
    expect(
      readFileSync(join(dir, 'summary.md')).equals(Buffer.from(markdownReport(whole, { runId: '7', grade }))),
    ).toBe(true);
  });

  it('keep no more than a few results read ahead of the slowest report, however differently the reports go', async () => {
    const all = results(40);
    let read = 0;
    let furthestAhead = 0;
    const consumed: [number, number, number] = [0, 0, 0];
    function* fromStore(): Generator<CaseResult> {
      for (const result of all) {
        read++;
        furthestAhead = Math.max(furthestAhead, read - Math.min(...consumed));
        yield result;
      }
    }
    const written: string[][] = [[], [], []];
    const sink = (index: number) => ({ write: (part: string) => written[index]?.push(part) });
    // Three parts a result; one part a result; one part every two results.
    const reports = [
      function* (results: Iterable<CaseResult>) {
        for (const result of results) {
          consumed[0]++;
          yield* [`${result.case.id}:${result.epoch}`, '-', ';'];
        }
      },
      function* (results: Iterable<CaseResult>) {
        for (const result of results) {
          consumed[1]++;
          yield result.case.id;
        }
      },
      function* (results: Iterable<CaseResult>) {
        let pair: string[] = [];
        for (const result of results) {
          consumed[2]++;
          pair.push(result.case.id);
          if (pair.length === 2) {
            yield pair.join('+');
            pair = [];
          }
        }
      },
    ];
    await writeTogether(
      fromStore(),
      reports.map((parts, index) => ({ parts, sink: sink(index) })),
    );
    expect(read).toBe(all.length);
    expect(consumed).toEqual([all.length, all.length, all.length]);
    // The pair report takes two results for one part: it can be two ahead of the others, plus the one in hand.
    expect(furthestAhead).toBeLessThanOrEqual(3);
    expect(written[1]).toEqual(all.map((result) => result.case.id));
    expect(written[2]).toHaveLength(all.length / 2);
  });
});
