// Preloaded into the CLI under test (node --import): with EVALPACKS_MODULE_LOG set, writes the file: URL of
// every ES module the process loads to that file, one a line, so a test can tell which of the bundle's chunks
// a run reached. A chunk is loaded only when some import() reaches it, so this is what the run paid for.

import { register } from 'node:module';

const log = process.env.EVALPACKS_MODULE_LOG;
if (log) register('./module-log-hooks.mjs', import.meta.url, { data: { log } });
