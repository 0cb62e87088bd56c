#!/usr/bin/env node
/**
 * Runs the Ollama stand-in by hand, e.g. to capture README output against a known script:
 *   tsx packages/testkit/src/bin.ts --script rules.json [--port 11434] [--latency 200]
 * rules.json: { "rules": Rule[], ...StandInOptions } with declarative matchers only, e.g.
 * { "models": [{ "name": "tiny:1b", "contextLength": 8192 }], "loadDelayMs": 2000, "maxLoaded": 1, "rules": [...] }
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startOllamaStandIn } from './ollama/server.ts';
import type { Rule, StandInOptions } from './ollama/types.ts';

/** rules.json: the rules and any stand-in option (models with their context and capabilities, ...). */
interface ScriptFile extends StandInOptions {
  rules: Rule[];
}

const { values } = parseArgs({
  options: { script: { type: 'string' }, port: { type: 'string' }, latency: { type: 'string' } },
});
if (!values.script) {
  console.error('usage: bin.ts --script FILE.json [--port N] [--latency MS]');
  process.exit(2);
}

const file = JSON.parse(await readFile(values.script, 'utf8')) as ScriptFile;
if (!Array.isArray(file.rules)) throw new TypeError(`${values.script}: expected { "rules": [...] }`);

const { rules: _rules, ...fileOptions } = file;
const standIn = await startOllamaStandIn({
  ...fileOptions,
  port: values.port === undefined ? undefined : Number(values.port),
  latencyMs: values.latency === undefined ? undefined : Number(values.latency),
});
for (const rule of file.rules) standIn.script(rule);
console.log(standIn.url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
