/**
 * How fast the viewer serves its pages over a large store: builds a store of RUNS x CASES x EPOCHS
 * results (30,000 by default) and times the runs list, a run page (first view, then again) and a case
 * page over HTTP, as a browser would ask for them. Prints figures; asserts nothing.
 *
 *   pnpm --filter @evalpacks/web bench [runs] [cases] [epochs]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { startViewer } from '../src/start.ts';

const [runs = 10, cases = 1000, epochs = 3] = process.argv.slice(2).map(Number);
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
    for (let c = 0; c < cases; c++) {
      for (let e = 0; e < epochs; e++) store.saveCaseResult(record.id, result(c, e), () => 0.0001);
    }
    store.setRunStatus(record.id, 'completed', new Date(Date.UTC(2026, 0, 1 + run, 1)).toISOString());
  }
  store.close();
}

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  return { ms: performance.now() - started, bytes: body.length, status: response.status };
}

const path = join(mkdtempSync(join(tmpdir(), 'evalpacks-web-bench-')), 'evalpacks.db');
const buildStarted = performance.now();
buildStore(path);
console.log(
  `store: ${runs} runs x ${cases} cases x ${epochs} epochs = ${runs * cases * epochs} results, built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`,
);
const viewer = await startViewer(path, 0);
const pages: [string, string][] = [
  ['runs list', ''],
  ['run page, first view (its summary follows)', `runs/${runs}`],
  ['summary.json, first (core over the whole run)', `runs/${runs}/summary.json`],
  ['run page, again (summary kept, drawn inline)', `runs/${runs}`],
  ['run page, failed filter + search, page 3', `runs/${runs}?status=failed&q=module&offset=200`],
  ['case page (3 epochs side by side)', `runs/${runs}/cases/case-00500`],
  ['runs list, filtered by variant', '?variant=v2'],
];
for (const [name, at] of pages) {
  const samples = [];
  for (let i = 0; i < (name.includes('first') ? 1 : 5); i++) samples.push(await timed(`${viewer.url}${at}`));
  const best = Math.min(...samples.map((s) => s.ms));
  const worst = Math.max(...samples.map((s) => s.ms));
  const mark = worst <= TARGET_MS ? 'within' : 'OVER';
  console.log(
    `${name.padEnd(52)} ${samples[0]?.status} ${String(samples[0]?.bytes).padStart(7)} bytes  best ${best.toFixed(0).padStart(4)} ms  worst ${worst.toFixed(0).padStart(4)} ms  ${mark} ${TARGET_MS} ms`,
  );
}
await viewer.close();
