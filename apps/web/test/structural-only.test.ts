import type { CaseResult } from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { runResultOf } from '../src/grading/run-summary.ts';
import { createApp } from '../src/index.ts';
import { htmlReport } from '../src/report/index.ts';

/** What an offline run leaves with a cache holding only the finding's verdict: passed, two items not judged. */
function partlyJudged(id: string): CaseResult {
  const result = caseResult(id, 0, 'passed');
  const base = { model: 'judge:1b', usage: { input: 0, output: 0 }, latencyMs: 0 };
  const skipped = { ...base, status: 'skipped', reason: 'offline: no cached verdict' } as const;
  return {
    ...result,
    verdicts: [
      { ...base, kind: 'finding', itemId: 'leak', status: 'ok', reasoning: 'It names the leak.', passed: true },
      { ...skipped, kind: 'absent', itemId: 'absent-1' },
      { ...skipped, kind: 'rubric', itemId: 'rubric' },
    ],
    reasons: [],
  };
}

/** Run 1: case "judged" passed with every item judged, case "unjudged" passed with two items not judged. */
function store(): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const run = store.beginRun(runMeta());
  const judged = partlyJudged('judged');
  store.saveCaseResult(run.id, {
    ...judged,
    verdicts: judged.verdicts.filter((v) => v.status === 'ok'),
  });
  store.saveCaseResult(run.id, partlyJudged('unjudged'));
  store.setRunStatus(run.id, 'completed', '2025-01-01T10:05:00.000Z');
  store.close();
  return path;
}

const ask = (app: ReturnType<typeof createApp>, path: string) =>
  app.request(`http://127.0.0.1:4173${path}`, { headers: { host: '127.0.0.1:4173' } });

const badges = (page: string) => [...page.matchAll(/<span class="badge badge-([\w-]+)"[^>]*>([^<]*)<\/span>/g)];

describe('the viewer and the HTML report show a pass with judged items not judged as structural only', () => {
  it('on the run page: the summary row and the case list', async () => {
    const app = createApp(EvalStore.openReadOnly(store()), { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
    const page = await (await ask(app, '/runs/1')).text();
    expect(page).toContain('  cases           1/2 passed, 1 structural only, not judged (50.0%, 95% CI 9.5–90.5%)');
    const rows = [...page.matchAll(/<tr data-case="(\w+)">(.*?)<\/tr>/gs)].map(([, id, row]) => [
      id,
      badges(row as string).map(([, kind, text]) => `${kind}:${text}`),
      /<td class="reason">([^<]*)<\/td>/.exec(row as string)?.[1],
    ]);
    expect(rows).toEqual([
      ['judged', ['passed:passed'], ''],
      ['unjudged', ['structural-only:structural only'], '2 judged items not judged'],
    ]);
  });

  it('on the case page, and in the live view', async () => {
    const app = createApp(EvalStore.openReadOnly(store()), { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
    const unjudged = await (await ask(app, '/runs/1/cases/unjudged')).text();
    expect(badges(unjudged).map(([, kind, text]) => `${kind}:${text}`)).toEqual(['structural-only:structural only']);
    const judged = await (await ask(app, '/runs/1/cases/judged')).text();
    expect(badges(judged).map(([, kind, text]) => `${kind}:${text}`)).toEqual(['passed:passed']);
    const live = (await (await ask(app, '/runs/1/live.json')).json()) as {
      cases: { caseId: string; epochs: unknown; reason?: string }[];
    };
    expect(live.cases.map((c) => [c.caseId, c.epochs, c.reason])).toEqual([
      ['judged', [{ epoch: 0, status: 'passed', label: 'passed' }], undefined],
      ['unjudged', [{ epoch: 0, status: 'structural-only', label: 'structural only' }], '2 judged items not judged'],
    ]);
  });

  it('in the single-file HTML report: its summary, case list and case sections', () => {
    const path = store();
    const reader = EvalStore.openReadOnly(path);
    const run = reader.run(1);
    if (!run) throw new Error('no run 1');
    const report = htmlReport(runResultOf(run, reader.caseResults(1)));
    reader.close();
    expect(report).toContain('  cases           1/2 passed, 1 structural only, not judged (50.0%, 95% CI 9.5–90.5%)');
    expect(badges(report).map(([, kind, text]) => `${kind}:${text}`)).toEqual([
      'passed:passed',
      'structural-only:structural only',
      'passed:passed',
      'structural-only:structural only',
    ]);
  });
});
