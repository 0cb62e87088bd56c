import { request } from 'node:http';
import { EvalStore, LabelBook } from '@evalpacks/store';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseResult, runMeta } from '../../../packages/store/test/support.ts';
import { startViewer, type Viewer } from '../src/index.ts';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';

/** A label on case-1's judged finding (status ok in the store): one the viewer saves from its own pages. */
const LABEL = JSON.stringify({ run: 1, caseId: 'case-1', epoch: 0, kind: 'finding', itemId: 'leak', label: 'agree' });

/** One request as curl sends it: to 127.0.0.1 on the viewer's port, with whatever Host header it is given. */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a page of another site whose name resolves to 127.0.0.1 (DNS rebinding) gets nothing from the viewer', () => {
  let path: string;
  let viewer: Viewer;
  let port: number;
  let browser: Browser;

  beforeAll(async () => {
    path = tempStore();
    const store = EvalStore.open(path);
    store.saveCaseResult(store.beginRun(runMeta()).id, caseResult('case-1'));
    store.close();
    viewer = await startViewer(path, 0);
    port = Number(new URL(viewer.url).port);
    browser = await launchChromium([`--host-resolver-rules=MAP evil.example 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
  });

  const labelsSaved = () => {
    const book = LabelBook.open(path);
    const saved = book.labels('code-review').length;
    book.close();
    return saved;
  };

  it('refuses a foreign Host on GET and POST with 403, over plain HTTP as curl sends it', async () => {
    const evil = `evil.example:${port}`;
    const page = await send(port, 'GET', '/runs/1/cases/case-1', { host: evil });
    expect(page).toEqual({ status: 403, body: `this viewer answers only at http://127.0.0.1:${port}/` });
    const json = { 'content-type': 'application/json', host: evil, origin: `http://${evil}` };
    const label = await send(port, 'POST', '/labels', json, LABEL);
    expect(label.status).toBe(403);
    // An absolute request line naming the viewer does not stand in for the Host header.
    const absolute = await send(port, 'GET', `http://127.0.0.1:${port}/runs/1/cases/case-1`, { host: evil });
    expect(absolute.status).toBe(403);
    expect(labelsSaved()).toBe(0);
    const own = await send(port, 'GET', '/runs/1/cases/case-1', { host: `localhost:${port}` });
    expect([own.status, own.body.includes('review of case-1')]).toEqual([200, true]);
  });

  it('refuses a foreign Host before reading the store: a case the store can no longer read is 403, not 500', async () => {
    const db = new Database(path);
    const column = db.prepare("SELECT checks_json FROM case_results WHERE case_id = 'case-1'").pluck();
    const checks = column.get() as string;
    const setChecks = db.prepare("UPDATE case_results SET checks_json = ? WHERE case_id = 'case-1'");
    setChecks.run('{not json');
    try {
      const foreign = await send(port, 'GET', '/runs/1/cases/case-1', { host: `evil.example:${port}` });
      expect(foreign.status).toBe(403);
      const own = await send(port, 'GET', '/runs/1/cases/case-1', { host: `127.0.0.1:${port}` });
      expect([own.status, own.body.includes('The store could not be read')]).toEqual([500, true]);
    } finally {
      setChecks.run(checks);
      db.close();
    }
  });

  it('in Chromium: the page under the foreign name is refused, and its own fetches too; the real address works', async () => {
    const page = await browser.newPage();
    const evil = await page.goto(`http://evil.example:${port}/runs/1/cases/case-1`);
    expect(evil?.status()).toBe(403);
    expect(await page.locator('body').textContent()).toBe(`this viewer answers only at http://127.0.0.1:${port}/`);
    // What a rebinding page's script does next: same-origin requests to its own name, now pointing here.
    const tries = await page.evaluate(async (label) => {
      const read = await fetch('/runs/1/cases/case-1');
      const post = await fetch('/labels', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: label,
      });
      return [read.status, post.status];
    }, LABEL);
    expect(tries).toEqual([403, 403]);
    expect(labelsSaved()).toBe(0);
    const own = await page.goto(`${viewer.url}runs/1/cases/case-1`);
    expect(own?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('case-1 Case case-1');
    const local = await page.goto(`http://localhost:${port}/`);
    expect(local?.status()).toBe(200);
    expect(await page.locator('table.runs tbody tr').count()).toBe(1);
    await page.close();
  });
});
