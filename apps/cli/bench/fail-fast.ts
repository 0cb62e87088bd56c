/**
 * How fast a run that cannot start says so: `pnpm --filter @evalpacks/cli bench:fail-fast [-- RUNS]`.
 * Times the CLI as a subprocess (tsx start-up included) for a plain usage error as the floor, and for
 * Bedrock with no credentials (metadata lookups disabled), which the issue wants under two seconds.
 * Prints figures; asserts nothing, since wall time depends on the machine's load.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { awsEnv } from '../test/bedrock-env.ts';
import { runCli } from '../test/run-cli.ts';

const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
const log = join(mkdtempSync(join(tmpdir(), 'evalpacks-bench-')), 'network.log');

const scenarios: [string, string[], Record<string, string | undefined>][] = [
  ['usage error (floor: CLI start-up)', ['eval', '--domain', 'no-such-pack'], {}],
  ['bedrock, no credentials', ['eval', '--domain', 'code-review', '--backend', 'bedrock'], awsEnv(null, log)],
];

for (const [name, args, env] of scenarios) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await runCli(args, env);
    if (result.code !== 2) throw new Error(`${name}: expected exit 2, got ${result.code}: ${result.stderr}`);
    times.push(result.ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${name.padEnd(36)} median ${median.toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms (${runs} runs)`,
  );
}
