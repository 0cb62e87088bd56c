import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser; root needs --no-sandbox. `extra` are more switches. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...extra,
    ],
  });
}
