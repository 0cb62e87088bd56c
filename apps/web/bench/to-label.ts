/**
 * How fast the viewer serves a run's label queue (/runs/N/to-label) over a large run: builds one run of
 * CASES x EPOCHS results (30,000 by default), two judged findings each, one verdict in twenty with a low
 * decision-token probability, LABELLED of its verdicts labelled in the store, and a re-judge of the first
 * thousand results that decides one verdict in ten the other way. After the list of runs (the process's first
 * request), times the first page (first view, then again), a middle and the last page over HTTP, and a page
 * after a label is saved. Beside each time, the
 * longest the server's event loop was blocked meanwhile. Prints figures; asserts nothing.
 *
 *   pnpm --filter @evalpacks/web bench:to-label [cases] [epochs] [labelled]
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CaseResult, LabelSchema } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import { EvalStore } from '@evalpacks/store';
import { startViewer } from '../src/start.ts';

const [cases = 10_000, epochs = 3, labelled = 500] = process.argv
  .slice(2)
  .filter((arg) => arg !== '--' && !arg.startsWith('--'))
  .map(Number);
const TARGET_MS = 300;

function result(caseNumber: number, epoch: number, judge = 'judge:8b', flip = false): CaseResult {
  const id = `case-${String(caseNumber).padStart(5, '0')}`;
  const unsure = (caseNumber * 3 + epoch) % 20 === 0;
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
      expectedAbsent: [],
    },
    epoch,
    status: 'passed',
    transcript: {
      input: 'review this',
      answer: `## Findings\n\nSQL injection via \`req.query.id\` in module ${caseNumber}, epoch ${epoch}.\n${'The query concatenates user input. '.repeat(30)}`,
      toolCalls: [{ name: 'read_file', arguments: { path: `src/m${caseNumber}.js` }, result: 'contents' }],
      turns: 2,
      usage: { input: 1800, output: 420 },
      latencyMs: 2300,
      model: 'qwen3.5:4b',
    },
    checks: [],
    verdicts: ['sql-injection', 'no-limit'].map((itemId, i) => ({
      kind: 'finding' as const,
      itemId,
      model: judge,
      usage: { input: 900, output: 80 },
      latencyMs: 800,
      status: 'ok' as const,
      reasoning: 'The review names the concatenated query and explains the injection.',
      passed: flip ? i === 1 : i === 0,
      confidence: unsure && i === 0 ? 0.55 + (caseNumber % 40) / 100 : 0.97,
    })),
    reasons: [],
    judgeUsage: { input: 1800, output: 160 },
  };
}

function buildStore(path: string): void {
  const store = EvalStore.open(path);
  const meta = {
    kind: 'eval' as const,
    pack: 'code-review',
    variant: 'baseline',
    promptHash: 'bench',
    agent: { backend: 'ollama', model: 'qwen3.5:4b' },
    judge: { backend: 'ollama', model: 'judge:8b' },
    epochs,
    offline: false,
    config: {},
    startedAt: '2026-01-01T00:00:00.000Z',
  };
  const run = store.beginRun(meta);
  for (let c = 0; c < cases; c++) for (let e = 0; e < epochs; e++) store.saveCaseResult(run.id, result(c, e));
  store.setRunStatus(run.id, 'completed', '2026-01-01T01:00:00.000Z');
  const rejudge = store.beginRun({
    ...meta,
    kind: 'rejudge',
    parentRunId: run.id,
    judge: { backend: 'ollama', model: 'judge:27b' },
  });
  for (let c = 0; c < Math.min(cases, 1000); c++) {
    for (let e = 0; e < epochs; e++) store.saveCaseResult(rejudge.id, result(c, e, 'judge:27b', c % 10 === 7));
  }
  store.setRunStatus(rejudge.id, 'completed', '2026-01-01T02:00:00.000Z');
  // Labels spread over the run: every (cases / labelled)-th case's first epoch, its injection finding.
  for (let n = 0; n < labelled; n++) {
    const saved = result(Math.floor((n * cases) / labelled), 0);
    store.saveLabel(
      'code-review',
      LabelSchema.parse({
        caseId: saved.case.id,
        kind: 'finding',
        itemId: 'sql-injection',
        label: 'agree',
        verdict: { passed: true, reasoning: 'r', model: 'judge:8b' },
        inputSha256: inputHash(saved.case.input),
        answer: saved.transcript.answer,
        toolCalls: saved.transcript.toolCalls,
      }),
    );
  }
  store.close();
}

/** Times one request; beside it, the longest the event loop went without turning meanwhile. */
async function timed(url: string, init?: RequestInit) {
  let last = performance.now();
  let blockedMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  return { ms, blockedMs, bytes: body.length, status: response.status, body };
}

console.log(`node ${process.version}; load average ${loadavg()[0]?.toFixed(2)}`);
const path = join(mkdtempSync(join(tmpdir(), 'evalpacks-to-label-bench-')), 'evalpacks.db');
const buildStarted = performance.now();
buildStore(path);
console.log(
  `store: ${cases} cases x ${epochs} epochs = ${cases * epochs} results (${cases * epochs * 2} verdicts), ` +
    `a re-judge of ${Math.min(cases, 1000) * epochs}, ${labelled} labels; built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`,
);
// The store was built in this process: its garbage (30,000 results) is collected before the viewer starts,
// as a viewer started on its own has none, so no request below pays for a collection of it.
setFlagsFromString('--expose-gc');
(runInNewContext('gc') as () => void)();
const viewer = await startViewer(path, 0);
const lastPage = Math.ceil((cases * epochs * 2 - labelled) / 50);
// The list of runs first, as a person arrives: this process's first fetch (its HTTP client loads) and the
// server's first page are not the queue's cost. It reads no verdict.
const runs = await timed(viewer.url);
const first = await timed(`${viewer.url}runs/1/to-label`);
const order = [...first.body.matchAll(/data-why="([^"]+)"/g)].map(([, why]) => why);
console.log(
  `page 1 holds ${order.length} rows: ${[...new Set(order)].map((why) => `${order.filter((w) => w === why).length} ${why}`).join(', ')}`,
);
console.log(first.body.match(/<h1>.*?<\/h1>/)?.[0].replace(/<[^>]+>/g, ''));
const report = (name: string, samples: Awaited<ReturnType<typeof timed>>[]) => {
  const best = Math.min(...samples.map((s) => s.ms));
  const worst = Math.max(...samples.map((s) => s.ms));
  const blocked = Math.max(...samples.map((s) => s.blockedMs));
  console.log(
    `${name.padEnd(40)} ${samples[0]?.status} ${String(samples[0]?.bytes).padStart(7)} bytes  best ${best.toFixed(0).padStart(5)} ms  worst ${worst.toFixed(0).padStart(5)} ms  ${worst <= TARGET_MS ? 'within' : 'OVER'} ${TARGET_MS} ms  loop blocked ${blocked.toFixed(0).padStart(5)} ms`,
  );
};
report('list of runs (the first request)', [runs]);
report('to-label page 1, first view', [first]);
for (const [name, at] of [
  ['to-label page 1, again', 'runs/1/to-label'],
  ['to-label, a middle page', `runs/1/to-label?page=${Math.ceil(lastPage / 2)}`],
  [`to-label page ${lastPage} (last)`, `runs/1/to-label?page=${lastPage}`],
  ['to-label of the re-judge, page 1', 'runs/2/to-label'],
]) {
  const samples = [];
  for (let i = 0; i < 5; i++) samples.push(await timed(`${viewer.url}${at}`));
  report(name as string, samples);
}
const host = new URL(viewer.url).host;
const saved = await fetch(`${viewer.url}labels`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: `http://${host}` },
  body: JSON.stringify({ run: 1, caseId: 'case-00001', epoch: 1, kind: 'finding', itemId: 'no-limit', label: 'agree' }),
});
console.log(`label saved from the viewer: ${saved.status}`);
report('to-label page 1, after the label', [await timed(`${viewer.url}runs/1/to-label`)]);
await viewer.close();
