// The loader hooks module-log.mjs registers: they run on node's hooks thread and only watch, passing every
// load on unchanged.

import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:')) appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
}
