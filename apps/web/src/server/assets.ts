import { readFileSync } from 'node:fs';

const file = (name: string) => readFileSync(new URL(`../../assets/${name}`, import.meta.url), 'utf8');

/** The viewer's only stylesheet and script, served as files: the CSP allows no inline ones. */
export const ASSETS: Record<string, { type: string; body: string }> = {
  'style.css': { type: 'text/css; charset=utf-8', body: file('style.css') },
  'live.js': { type: 'text/javascript; charset=utf-8', body: file('live.js') },
  'summary.js': { type: 'text/javascript; charset=utf-8', body: file('summary.js') },
  'label.js': { type: 'text/javascript; charset=utf-8', body: file('label.js') },
};

export const STYLE = ASSETS['style.css']?.body ?? '';
