import { readFileSync } from 'node:fs';

const file = (name: string) => readFileSync(new URL(`../../assets/${name}`, import.meta.url), 'utf8');

export interface Asset {
  type: string;
  body: string;
}

/**
 * The viewer's only stylesheet and script, served as files: the CSP allows no inline ones. A Map, so a
 * name from the URL finds these and nothing an object inherits (`__proto__`, `constructor`).
 */
export const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ['style.css', { type: 'text/css; charset=utf-8', body: file('style.css') }],
  ['live.js', { type: 'text/javascript; charset=utf-8', body: file('live.js') }],
  ['summary.js', { type: 'text/javascript; charset=utf-8', body: file('summary.js') }],
  ['label.js', { type: 'text/javascript; charset=utf-8', body: file('label.js') }],
]);

export const STYLE = ASSETS.get('style.css')?.body ?? '';
