/**
 * How fast the viewer serves its pages over a large store: builds a store of RUNS x CASES x EPOCHS
 * results (30,000 by default), each run kept with its grade as the CLI keeps it (`--ungraded`: as an older
 * evalpacks left them, with none), and times the runs list, a run page (first view, then again), its
 * summary.json, a case page, a compare and the history over HTTP, as a browser would ask for them. Beside
 * each time, the longest the server's event loop was blocked meanwhile (the viewer runs in this process):
 * what every other request had to wait. Prints figures; asserts nothing.
 *
 *   pnpm --filter @evalpacks/web bench [runs] [cases] [epochs] [--ungraded]
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { type CaseRecord, caseRecord, gradeRun, recordSharing } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import { startViewer } from '../src/start.ts';

const ungraded = process.argv.includes('--ungraded');
const [runs = 10, cases = 1000, epochs = 3] = process.argv
  .slice(2)
  .filter((arg) => arg !== '--' && !arg.startsWith('--'))
  .map(Number);
const TARGET_MS = 300;

function result(caseNumber: number, epoch: number): CaseResult {
  const id = `case-${String(caseNumber).padStart(5, '0')}`;
  const passed = (caseNumber * 7 + epoch) % 5 !== 0;
  return {
    case: {
      id,
      name: `Review of module ${caseNumber}`,
      description: 'A handler that builds a query from user input.',
      input: `function find(req) {\n  return db.query("SELECT * FROM users WHERE id = " + req.query.id);\n}\n`.repeat(
        8,
      ),
      expectedFindings: [
        {
          id: 'sql-injection',
          description: 'SQL built from user input',
          severity: 'critical',
          keywords: ['injection'],
        },
        { id: 'no-limit', description: 'Unbounded result set', severity: 'low', keywords: ['limit'] },
      ],
      expectedAbsent: ['the function name'],
    },
    epoch,
    status: passed ? 'passed' : 'failed',
    transcript: {
      input: 'review this',
      answer: `## Findings\n\n| severity | issue |\n|---|---|\n| critical | SQL injection via \`req.query.id\` |\n\n${'The query concatenates user input. '.repeat(30)}`,
      toolCalls: [{ name: 'read_file', arguments: { path: `src/m${caseNumber}.js` }, result: 'contents' }],
      turns: 2,
      usage: { input: 1800, output: 420 },
      latencyMs: 2300,
      model: 'qwen3.5:4b',
    },
    checks: [
      { id: 'table', name: 'Findings table', part: 'expectation', passed: true, detail: 'a table with 1 row' },
      {
        id: 'scope',
        name: 'Stays in scope',
        part: 'narrowing',
        passed,
        detail: passed ? 'in scope' : 'rewrote the file',
      },
    ],
    verdicts: ['sql-injection', 'no-limit'].map((itemId) => ({
      kind: 'finding' as const,
      itemId,
      model: 'judge:8b',
      usage: { input: 900, output: 80 },
      latencyMs: 800,
      status: 'ok' as const,
      reasoning: 'The review names the concatenated query and explains the injection.',
      passed: passed || itemId === 'sql-injection',
    })),
    reasons: passed ? [] : ['narrowing: rewrote the file'],
    judgeUsage: { input: 1800, output: 160 },
  };
}

function buildStore(path: string): void {
  const store = EvalStore.open(path);
  for (let run = 0; run < runs; run++) {
    const record = store.beginRun({
      kind: 'eval',
      pack: 'code-review',
      variant: run % 2 ? 'v2' : 'baseline',
      promptHash: 'bench',
      agent: { backend: 'ollama', model: 'qwen3.5:4b' },
      judge: { backend: 'ollama', model: 'judge:8b' },
      epochs,
      offline: false,
      config: {},
      startedAt: new Date(Date.UTC(2026, 0, 1 + run)).toISOString(),
    });
    const share = recordSharing();
    const records: CaseRecord[] = [];
    for (let c = 0; c < cases; c++) {
      for (let e = 0; e < epochs; e++) {
        const saved = result(c, e);
        store.saveCaseResult(record.id, saved, () => 0.0001);
        records.push(caseRecord(saved, share));
      }
    }
    const finishedAt = new Date(Date.UTC(2026, 0, 1 + run, 1)).toISOString();
    if (ungraded) store.setRunStatus(record.id, 'completed', finishedAt);
    else store.completeRun(record.id, finishedAt, gradeRun({ cases: records }));
  }
  store.close();
}

/**
 * Times one request; beside it, the longest the event loop went without turning meanwhile (a 5 ms timer
 * that notes the gap between its ticks, kept running until the response is read and the loop has turned
 * once more): what any other request would have waited.
 */
async function timed(url: string): Promise<{ ms: number; blockedMs: number; bytes: number; status: number }> {
  let last = performance.now();
  let blockedMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  return { ms, blockedMs, bytes: body.length, status: response.status };
}

console.log(`node ${process.version}; load average ${loadavg()[0]?.toFixed(2)}`);
const path = join(mkdtempSync(join(tmpdir(), 'evalpacks-web-bench-')), 'evalpacks.db');
const buildStarted = performance.now();
buildStore(path);
console.log(
  `store: ${runs} runs x ${cases} cases x ${epochs} epochs = ${runs * cases * epochs} results${ungraded ? ', no grades stored' : ''}, built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`,
);
const viewer = await startViewer(path, 0);
const pages: [string, string][] = [
  ['runs list', ''],
  ['run page, first view (its summary follows)', `runs/${runs}`],
  [
    `summary.json, first (${ungraded ? 'graded now, in steps' : 'a read of the stored grade'})`,
    `runs/${runs}/summary.json`,
  ],
  ['run page, again (summary kept, drawn inline)', `runs/${runs}`],
  ['run page, failed filter + search, page 3', `runs/${runs}?status=failed&q=module&offset=200`],
  ['case page (3 epochs side by side)', `runs/${runs}/cases/case-00500`],
  ['runs list, filtered by variant', '?variant=v2'],
  ...(runs > 1 ? [['compare of the last two runs', `compare?a=${runs - 1}&b=${runs}`] as [string, string]] : []),
  ['history of the pack', 'history?pack=code-review'],
];
for (const [name, at] of pages) {
  const samples = [];
  for (let i = 0; i < (name.includes('first') ? 1 : 5); i++) samples.push(await timed(`${viewer.url}${at}`));
  const best = Math.min(...samples.map((s) => s.ms));
  const worst = Math.max(...samples.map((s) => s.ms));
  const blocked = Math.max(...samples.map((s) => s.blockedMs));
  const mark = worst <= TARGET_MS ? 'within' : 'OVER';
  console.log(
    `${name.padEnd(52)} ${samples[0]?.status} ${String(samples[0]?.bytes).padStart(7)} bytes  best ${best.toFixed(0).padStart(5)} ms  worst ${worst.toFixed(0).padStart(5)} ms  ${mark} ${TARGET_MS} ms  loop blocked ${blocked.toFixed(0).padStart(5)} ms`,
  );
}
await viewer.close();
