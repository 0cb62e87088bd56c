import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, type CliResult, ROOT, run, SOURCE, TSX } from './run-cli.ts';

const FORGE_CURL = fileURLToPath(new URL('forge-curl.mjs', import.meta.url));

/** A request a recipe's `curl` made of the forge, as forge-curl.mjs logged it. */
export interface ForgeRequest {
  method: string;
  url: string;
  headers: string[];
  body?: string;
}

/** An answer of the forge stand-in (see forge-curl.mjs): the first whose method matches and url prefixes the request's. */
export interface ForgeReply {
  method: string;
  url: string;
  status: number;
  body?: string;
  file?: string;
}

/** What a job ran: each step's name and outcome, for the test's assertions and its failure messages. */
export interface StepLog {
  job: string;
  step: string;
  /** A shell step's outcome; an action's (see the forge's runner); or skipped, by its condition or a failure before it. */
  result: CliResult | 'skipped' | 'action' | 'action failed';
}

/**
 * The commands on a CI runner's PATH that the recipes' setup installs, standing in: `pnpm eval|compare|merge`
 * run this workspace's CLI from source as the root scripts run it built (the test checks the scripts say
 * so), with pnpm's INIT_CWD; `pnpm install --frozen-lockfile` and `corepack enable` have nothing to do, the
 * workspace being installed; `curl` is the forge. Anything else the recipes call is refused.
 */
function writeCommands(bin: string): void {
  const commands: Record<string, string> = {
    pnpm: [
      'case "$1" in',
      '  install) [ "$*" = "install --frozen-lockfile" ] && exit 0 ;;',
      `  eval|compare|merge) export INIT_CWD="$PWD"; exec '${TSX}' '${SOURCE}' '${BIN}' "$@" ;;`,
      'esac',
    ].join('\n'),
    corepack: '[ "$*" = enable ] && exit 0',
    curl: `exec '${process.execPath}' '${FORGE_CURL}' "$@"`,
  };
  for (const [name, body] of Object.entries(commands)) {
    const refusal = `echo "${name} stand-in: ${name} $* is not a command the recipes may run" >&2; exit 127`;
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n${name === 'curl' ? '' : refusal}\n`);
    chmodSync(join(bin, name), 0o755);
  }
}

/** Variables of the test's own environment that a CI job must not inherit: its CI's, its model host, its store. */
const INHERITED_CI =
  /^(CI|CI_.*|GITHUB_.*|GITLAB_.*|RUNNER_.*|EVALPACKS_SHARD_.*|JOB_COMPLETION_INDEX|OLLAMA_HOST|EVALPACKS_STORE|INIT_CWD)$/;

/** One simulated forge: its runners' PATH, a folder per job, the requests its API received. */
export class CiSandbox {
  readonly root = mkdtempSync(join(tmpdir(), 'evalpacks-ci-'));
  private readonly bin = join(this.root, 'bin');
  private readonly forgeLog = join(this.root, 'forge-requests.jsonl');
  private readonly repliesFile = join(this.root, 'forge-replies.json');
  private jobs = 0;
  readonly log: StepLog[] = [];

  constructor() {
    mkdirSync(this.bin);
    writeCommands(this.bin);
    writeFileSync(this.forgeLog, '');
    this.answer([]);
  }

  /** What the forge's API answers from now on. */
  answer(replies: ForgeReply[]): void {
    writeFileSync(this.repliesFile, JSON.stringify(replies));
  }

  /** Every request the forge received so far, in order. */
  requests(): ForgeRequest[] {
    return readFileSync(this.forgeLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ForgeRequest);
  }

  /** A fresh, empty folder for a job: its runner's workspace. */
  workspace(name: string): string {
    const dir = join(this.root, `${++this.jobs}-${name.replace(/\W+/g, '-')}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** The environment of a job's shell: the test's own without its CI variables, the stand-ins first on PATH. */
  env(vars: Record<string, string>): Record<string, string | undefined> {
    const cleared = Object.fromEntries(
      Object.keys(process.env)
        .filter((k) => INHERITED_CI.test(k))
        .map((k) => [k, undefined]),
    );
    return {
      ...cleared,
      PATH: `${this.bin}:${process.env.PATH ?? ''}`,
      FORGE_LOG: this.forgeLog,
      FORGE_REPLIES: this.repliesFile,
      ...vars,
    };
  }

  /** Runs a script as the runners do: bash with -e and pipefail, from a file, in the job's folder. */
  async bash(job: string, step: string, script: string, cwd: string, env: Record<string, string>): Promise<CliResult> {
    const file = join(this.root, `step-${this.log.length + 1}.sh`);
    writeFileSync(file, script);
    const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], {
      cwd,
      env: this.env(env),
      timeoutMs: 180_000,
    });
    this.log.push({ job, step, result });
    return result;
  }

  skipped(job: string, step: string): void {
    this.log.push({ job, step, result: 'skipped' });
  }

  /** The log of every step so far, for a failure message. */
  transcript(): string {
    return this.log
      .map(({ job, step, result }) =>
        typeof result === 'string'
          ? `== ${job} · ${step}: ${result}`
          : `== ${job} · ${step}: exit ${result.code}\n${result.stdout}${result.stderr}`,
      )
      .join('\n');
  }
}

/** Clones this repository into the empty folder `dir`, as a runner's checkout does (objects shared: a moment). */
export async function checkout(dir: string): Promise<void> {
  const cloned = await run('git', ['clone', '--quiet', '--shared', ROOT, dir]);
  if (cloned.code !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
}

/** Copies a file or a folder's contents into `dest`, as an artifact or cache round trip would. */
export function copyInto(source: string, dest: string): void {
  mkdirSync(dest, { recursive: true });
  if (statSync(source).isDirectory()) cpSync(source, dest, { recursive: true });
  else cpSync(source, join(dest, basename(source)));
}
