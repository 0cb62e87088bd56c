import { EvalStore } from '@evalpacks/store';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { createApp } from '../src/index.ts';

function storeWithOneRun(): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const run = store.beginRun(runMeta());
  store.saveCaseResult(run.id, caseResult('case-1'));
  store.close();
  return path;
}

describe('the viewer app, asked directly', () => {
  it('sends the CSP on every page and says what it could not find', async () => {
    const app = createApp(EvalStore.openReadOnly(storeWithOneRun()));
    const page = await app.request('/runs/1/cases/case-1');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
        "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    for (const [path, text] of [
      ['/runs/7', 'no run 7 in this store'],
      ['/runs/x', 'no run x in this store'],
      ['/runs/1/cases/nope', 'no case nope in run 1'],
      ['/elsewhere', 'nothing at /elsewhere'],
    ]) {
      const response = await app.request(path as string);
      expect([path, response.status, (await response.text()).includes(text as string)]).toEqual([path, 404, true]);
    }
  });

  it("shows the case's expected end state and each epoch's end state, escaped, folded away", async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    const base = caseResult('case-1');
    store.saveCaseResult(run.id, {
      ...base,
      case: { ...base.case, expectedEndState: { refunds: [{ orderId: 'ORD-1042', amount: 24.99 }] } },
      transcript: { ...base.transcript, endState: { refunds: [], note: '<script>alert(1)</script>' } },
    });
    store.close();
    const page = await (await createApp(EvalStore.openReadOnly(path)).request('/runs/1/cases/case-1')).text();
    expect(page).toContain(
      '<details class="expected-end-state"><summary>expected end state</summary><pre>{\n  &quot;refunds&quot;: [\n    {\n' +
        '      &quot;orderId&quot;: &quot;ORD-1042&quot;,\n      &quot;amount&quot;: 24.99\n    }\n  ]\n}</pre></details>',
    );
    expect(page).toContain(
      '<details class="end-state"><summary>end state (the environment&#39;s snapshot after the run)</summary><pre>{\n' +
        '  &quot;refunds&quot;: [],\n  &quot;note&quot;: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;\n}</pre></details>',
    );
    expect(page).not.toContain('<script>alert(1)');
  });

  it("shows a row the store cannot read back as the store's one-line error, not a bare 500", async () => {
    const path = storeWithOneRun();
    const db = new Database(path);
    db.prepare("UPDATE case_results SET checks_json = '{not json' WHERE case_id = 'case-1'").run();
    db.close();
    const app = createApp(EvalStore.openReadOnly(path));
    const response = await app.request('/runs/1/cases/case-1');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('<h1>The store could not be read</h1>');
    expect(body).toContain(`the store ${path} failed:`);
    expect(body).toContain(`Move ${path} aside to start a new history`);
  });

  it("offers as variant only runs of the baseline's pack, and refuses a pair of two packs", async () => {
    const path = storeWithOneRun();
    const store = EvalStore.open(path);
    store.beginRun(runMeta({ pack: 'support-tickets' }));
    store.beginRun(runMeta());
    store.close();
    const app = createApp(EvalStore.openReadOnly(path));
    const picker = await (await app.request('/compare?a=1')).text();
    const variants = /<select name="b">(.*?)<\/select>/s.exec(picker)?.[1] ?? '';
    expect([...variants.matchAll(/value="(\d+)"/g)].map((m) => m[1])).toEqual(['3', '1']);
    const refused = await app.request('/compare?a=1&b=2');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      'run #1 is of code-review and run #2 of support-tickets: compare two runs of one pack',
    );
  });
});
