import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { EvalStore, type RunMeta, thisProcess } from '@evalpacks/store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { tempStore } from './support/build-store.ts';
import { startViewerProcess, type ViewerProcess } from './support/viewer-process.ts';

/** The pid of a node that has exited and been reaped: what a run killed with SIGKILL leaves in the store. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined || child.status !== 0) throw new Error('could not start a short-lived node');
  return child.pid;
}

const meta = (startedAt: string): RunMeta => ({
  kind: 'eval',
  pack: 'tool-basics',
  variant: 'baseline',
  promptHash: 'abc123',
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  judge: { backend: 'ollama', model: 'judge:1b' },
  epochs: 1,
  offline: false,
  config: {},
  startedAt,
});

describe("the viewer tells a run whose process died from one that's still running", () => {
  let viewer: ViewerProcess;
  let browser: Browser;
  let page: Page;
  const dead = deadPid();

  beforeAll(async () => {
    const path = tempStore();
    const store = EvalStore.open(path);
    // Both stay 'running' in the store: run 1's process is gone, run 2's is this test process.
    store.beginRun(meta('2025-01-01T10:00:00.000Z'), { pid: dead, host: hostname() });
    store.beginRun(meta('2025-01-01T11:00:00.000Z'), thisProcess());
    store.close();
    viewer = await startViewerProcess(path);
    browser = await launchChromium();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  it('lists the dead run as interrupted (process gone) and the live one as running', async () => {
    await page.goto(viewer.url);
    const status = (id: number) => page.locator(`tr[data-run="${id}"] td:nth-child(8)`);
    expect(((await status(1).textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe('interrupted (process gone)');
    expect(await status(1).locator('[title]').getAttribute('title')).toBe(
      'stopped: process gone; finish it with: pnpm eval --resume 1',
    );
    expect(((await status(2).textContent()) ?? '').trim()).toBe('running');
  });

  it("shows the dead run's page interrupted, with its owner and the resume command, and nothing live", async () => {
    await page.goto(`${viewer.url}runs/1`);
    expect(await page.locator('h1 [data-status]').textContent()).toBe('interrupted');
    expect(await page.locator('#process-gone').textContent()).toMatch(
      new RegExp(
        `^stopped: process gone \\(pid ${dead} on ${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, last heartbeat \\d+ s ago\\); ` +
          'finish it with: pnpm eval --resume 1$',
      ),
    );
    expect(await page.locator('#live-note').count()).toBe(0);
    const live = await page.request.get(`${viewer.url}runs/1/live.json?after=0`);
    expect((await live.json()).status).toBe('interrupted');
  });

  it("shows the live run's page running, following its cases", async () => {
    await page.goto(`${viewer.url}runs/2`);
    expect(await page.locator('h1 [data-status]').textContent()).toBe('running');
    expect(await page.locator('#process-gone').count()).toBe(0);
    expect(await page.locator('#live-note').textContent()).toBe('running: new cases appear here as they are saved');
    const live = await page.request.get(`${viewer.url}runs/2/live.json?after=0`);
    expect((await live.json()).status).toBe('running');
  });
});
