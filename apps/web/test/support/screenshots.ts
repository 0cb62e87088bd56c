import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Where the browser tests save their screenshots: the README's folder when EVALPACKS_SCREENSHOTS names
 * it (to refresh the pictures), else a temporary folder, so an ordinary test run leaves the tree clean.
 */
const folder = process.env.EVALPACKS_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'evalpacks-shots-'));

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** One element's picture (a figure, not the whole viewport), saved as `name`.png like the page screenshots. */
export async function figureShot(element: Locator, name: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await element.screenshot({ path });
  return path;
}
