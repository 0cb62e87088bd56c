import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cases } from '../test/code-review-script.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILT_BIN = `${ROOT}apps/cli/dist/bin.js`;

/** The code-review pack's clean review of its bait case: it passes the structural checks, so it is judged. */
export const CLEAN_REVIEW = readFileSync(
  new URL('../../../domains/code-review/test/samples/false-positive-bait.review.md', import.meta.url),
  'utf8',
);

/** The judge's answer to every bench case: its one must-not-flag item was not flagged. */
export const NOT_FLAGGED = '{"reasoning":"Not flagged.","flagged":false}';

/** Builds the CLI (turbo, cached: a no-op when nothing changed); a bench measures the built files. */
export function buildCli(): void {
  const build = spawnSync(`${ROOT}node_modules/.bin/turbo`, ['run', 'build', '--filter=@evalpacks/cli...'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('the build failed: run `pnpm build` to see why');
}

/** `eval` of the code-review pack on the given bench cases, agent and judge on the stand-in at `url`. */
export function benchEvalArgs(url: string, caseArgs: string[], concurrency: number | string): string[] {
  return [
    'eval',
    '--domain',
    'code-review',
    ...caseArgs,
    '--ollama-host',
    url,
    '--judge-model',
    'judge:1b',
    '--concurrency',
    String(concurrency),
  ];
}

/** Cases per file: a JSONL case file may hold 32 MB, and one case here is about 4 KB. */
const CASES_PER_FILE = 2000;

/**
 * N distinct copies of the bait case in JSONL files, each a separate case with its own cache key, keeping one
 * of its must-not-flag items so a case makes exactly 2 model calls: the agent's answer and one judge call.
 * Returns the `--test-case FILE` arguments.
 */
export function benchCaseArgs(count: number): string[] {
  const base = cases.find((testCase) => testCase.id === 'false-positive-bait');
  if (!base) throw new Error('no false-positive-bait case');
  const dir = mkdtempSync(join(tmpdir(), 'evalpacks-bench-'));
  const args: string[] = [];
  for (let first = 0; first < count; first += CASES_PER_FILE) {
    const lines = Array.from({ length: Math.min(CASES_PER_FILE, count - first) }, (_, k) =>
      JSON.stringify({
        ...base,
        id: `bench-${first + k}`,
        input: `${base.input}\n// variant ${first + k}\n`,
        expectedAbsent: base.expectedAbsent.slice(0, 1),
      }),
    );
    const file = join(dir, `cases-${first}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    args.push('--test-case', file);
  }
  return args;
}

/** The high-water mark of a process's resident memory, from /proc (Linux), in KiB; 0 once it is gone. */
function peakRssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) of this process's children that have been waited for, from /proc (Linux):
 * the difference across one run is that run's CPU, which a loaded machine inflates far less than its wall time.
 */
function childrenCpuMs(): number {
  try {
    // Fields after the command name (which may hold spaces): cutime and cstime are the 14th and 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** A live process's own CPU time (user + system, ms) from /proc (Linux); NaN once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command name, utime and stime are the 12th and 13th fields.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** USER_HZ, which Linux fixes at 100 for /proc. */
const CLOCK_TICKS = 100;

export interface Timed {
  spawnedAt: number;
  ms: number;
  /** The run's CPU time, user + system (10 ms resolution); NaN where /proc is missing. */
  cpuMs: number;
  code: number | null;
  peakRssKb: number;
  /** The process's own CPU time (ms) at each 100 ms sample, with the time (Date.now()) it was read. */
  cpuTrace: { at: number; cpuMs: number }[];
}

/** A fresh store file in a folder of its own. */
export function benchStore(): string {
  return join(mkdtempSync(join(tmpdir(), 'evalpacks-bench-store-')), 'evalpacks.db');
}

/**
 * Runs the built CLI on plain node, output ignored, with a fresh store unless `store` names one (or is
 * false, for `merge`, which takes none); times it and samples its peak RSS. `onSpawn` gets the process (a
 * bench that interrupts the run kills it).
 */
export async function timeBuiltCli(
  args: string[],
  { store = benchStore(), onSpawn }: { store?: string | false; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<Timed> {
  const cpuBefore = childrenCpuMs();
  const spawnedAt = Date.now();
  const started = performance.now();
  const storeArgs = store === false ? [] : ['--store', store];
  // Never the default store, even for a command given no --store: its stand-in answers are not a model's.
  const env = { ...process.env, EVALPACKS_STORE: store === false ? benchStore() : store };
  // EVALPACKS_BENCH_CPU_PROF=DIR: a V8 CPU profile of the CLI itself (not of the bench) lands in DIR.
  const profileDir = process.env.EVALPACKS_BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...nodeArgs, BUILT_BIN, ...args, ...storeArgs], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  onSpawn?.(child);
  let peak = 0;
  const cpuTrace: Timed['cpuTrace'] = [];
  // VmHWM only grows, so the last sample before exit is the run's peak (to within the final 100 ms).
  const sampler = setInterval(() => {
    if (!child.pid) return;
    peak = Math.max(peak, peakRssKb(child.pid));
    const cpuMs = processCpuMs(child.pid);
    if (!Number.isNaN(cpuMs)) cpuTrace.push({ at: Date.now(), cpuMs });
  }, 100);
  const [code] = (await once(child, 'close')) as [number | null];
  clearInterval(sampler);
  const ms = performance.now() - started;
  return { spawnedAt, ms, cpuMs: childrenCpuMs() - cpuBefore, code, peakRssKb: peak, cpuTrace };
}
