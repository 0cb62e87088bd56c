import { EvalStore, LabelBook } from '@evalpacks/store';
import Database from 'better-sqlite3';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { type AppOptions, createApp } from '../src/index.ts';

const BOUND = { address: '127.0.0.1', port: 4173 };

/** The app as startViewer serves it on 127.0.0.1:4173. */
const viewerApp = (store: EvalStore, options: Partial<AppOptions> = {}) =>
  createApp(store, { listening: () => BOUND, ...options });

/** A request as a browser sends it to `host`: the URL and the Host header both name it. */
const ask = (
  app: Hono,
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
  host = '127.0.0.1:4173',
) => app.request(`http://${host}${path}`, { ...init, headers: { host, ...init.headers } });

/** `target` with every property read recorded in `reads`: a store or label book that tells what was asked of it. */
function watched<T extends object>(target: T, reads: string[]): T {
  return new Proxy(target, {
    get(object, property) {
      reads.push(String(property));
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** Every page and endpoint the viewer has, each with its method. */
const EVERY_ROUTE: [method: string, path: string][] = [
  ['GET', '/'],
  ['GET', '/runs/1'],
  ['GET', '/runs/1/summary.json'],
  ['GET', '/runs/1/live.json'],
  ['GET', '/runs/1/cases/case-1'],
  ['GET', '/runs/1/to-label'],
  ['GET', '/compare?a=1&b=1'],
  ['GET', '/history'],
  ['GET', '/assets/style.css'],
  ['GET', '/elsewhere'],
  ['HEAD', '/runs/1/cases/case-1'],
  ['POST', '/labels'],
  ['PUT', '/labels'],
  ['DELETE', '/runs/1'],
];

/** A label on case-1's judged finding, which the store holds with status ok: one the viewer would save. */
const LABEL = { run: 1, caseId: 'case-1', epoch: 0, kind: 'finding', itemId: 'leak', label: 'agree' };

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
    const app = viewerApp(EvalStore.openReadOnly(storeWithOneRun()));
    const page = await ask(app, '/runs/1/cases/case-1');
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
      const response = await ask(app, path as string);
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
    const page = await (await ask(viewerApp(EvalStore.openReadOnly(path)), '/runs/1/cases/case-1')).text();
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
    const app = viewerApp(EvalStore.openReadOnly(path));
    const response = await ask(app, '/runs/1/cases/case-1');
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
    const app = viewerApp(EvalStore.openReadOnly(path));
    const picker = await (await ask(app, '/compare?a=1')).text();
    const variants = /<select name="b">(.*?)<\/select>/s.exec(picker)?.[1] ?? '';
    expect([...variants.matchAll(/value="(\d+)"/g)].map((m) => m[1])).toEqual(['3', '1']);
    const refused = await ask(app, '/compare?a=1&b=2');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      'run #1 is of code-review and run #2 of support-tickets: compare two runs of one pack',
    );
  });
});

describe('the viewer answers only at the address it bound (DNS rebinding)', () => {
  const FOREIGN = [
    'evil.example:4173',
    'evil.example',
    '127.0.0.1:4174',
    '127.0.0.1',
    'localhost',
    '127.0.0.1.nip.io:4173',
    'localhost.evil.example:4173',
    '[::2]:4173',
  ];

  it('refuses any other Host with 403 on every route and method, and reads nothing from the store', async () => {
    const path = storeWithOneRun();
    const reads: string[] = [];
    const app = viewerApp(watched(EvalStore.openReadOnly(path), reads), {
      labels: watched(LabelBook.open(path), reads),
    });
    const answers: string[] = [];
    for (const host of FOREIGN) {
      for (const [method, route] of EVERY_ROUTE) {
        const body = method === 'POST' || method === 'PUT' ? JSON.stringify(LABEL) : undefined;
        const headers = { 'content-type': 'application/json', origin: `http://${host}` };
        const response = await ask(app, route, { method, headers, ...(body && { body }) }, host);
        answers.push(`${host} ${method} ${route} ${response.status}`);
      }
    }
    expect(answers).toEqual(
      FOREIGN.flatMap((host) => EVERY_ROUTE.map(([method, route]) => `${host} ${method} ${route} 403`)),
    );
    expect(reads).toEqual([]);
    const refused = await ask(app, '/runs/1/cases/case-1', {}, 'evil.example:4173');
    expect(await refused.text()).toBe('this viewer answers only at http://127.0.0.1:4173/');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(LabelBook.open(path).labels('code-review')).toEqual([]);
  });

  it('refuses a request with no Host header, and every request before it knows where it listens', async () => {
    const store = EvalStore.openReadOnly(storeWithOneRun());
    const bare = await viewerApp(store).request('http://127.0.0.1:4173/runs/1/cases/case-1');
    expect(bare.status).toBe(403);
    const early = await ask(createApp(store, { listening: () => undefined }), '/runs/1/cases/case-1');
    expect(early.status).toBe(403);
  });

  it('answers at 127.0.0.1, localhost and [::1] on its port, in any letter case', async () => {
    const app = viewerApp(EvalStore.openReadOnly(storeWithOneRun()));
    for (const host of ['127.0.0.1:4173', 'localhost:4173', 'LocalHost:4173', '[::1]:4173']) {
      const page = await ask(app, '/runs/1/cases/case-1', {}, host);
      expect([host, page.status]).toEqual([host, 200]);
    }
  });

  it('answers at another address it bound, and there only', async () => {
    const store = EvalStore.openReadOnly(storeWithOneRun());
    const lan = createApp(store, { listening: () => ({ address: '192.168.7.20', port: 8080 }) });
    expect((await ask(lan, '/', {}, '192.168.7.20:8080')).status).toBe(200);
    expect((await ask(lan, '/', {}, 'localhost:8080')).status).toBe(403);
    expect((await ask(lan, '/', {}, '127.0.0.1:8080')).status).toBe(403);
    const v6 = createApp(store, { listening: () => ({ address: 'fd00::7', port: 8080 }) });
    expect((await ask(v6, '/', {}, '[fd00::7]:8080')).status).toBe(200);
    expect((await ask(v6, '/', {}, '[::1]:8080')).status).toBe(403);
  });

  it("saves a label posted from the viewer's own origins and refuses one from any other", async () => {
    const path = storeWithOneRun();
    const app = viewerApp(EvalStore.openReadOnly(path), { labels: LabelBook.open(path) });
    const post = (origin: string) =>
      ask(app, '/labels', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(LABEL),
      });
    for (const origin of ['http://evil.example:4173', 'http://127.0.0.1:4174', 'https://127.0.0.1:4173', 'null']) {
      const refused = await post(origin);
      expect([origin, refused.status, await refused.json()]).toEqual([
        origin,
        403,
        { error: 'cross-origin label refused' },
      ]);
    }
    expect(LabelBook.open(path).labels('code-review')).toEqual([]);
    for (const origin of ['http://127.0.0.1:4173', 'http://localhost:4173']) {
      const saved = await post(origin);
      expect([origin, saved.status, await saved.json()]).toEqual([origin, 200, { state: 'agree' }]);
    }
  });
});

describe("the viewer's assets", () => {
  it('answers 404 for names the object prototype holds, and serves its own files', async () => {
    const app = viewerApp(EvalStore.openReadOnly(storeWithOneRun()));
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const response = await ask(app, `/assets/${name}`);
      expect([name, response.status, (await response.text()).includes(`nothing at /assets/${name}`)]).toEqual([
        name,
        404,
        true,
      ]);
    }
    const style = await ask(app, '/assets/style.css');
    expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
  });
});
