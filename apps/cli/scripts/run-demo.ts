import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OllamaStandIn } from '@evalpacks/testkit';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A fresh store for one demo. A demo's models are scripted stand-ins under real model names: in the default
 * store (or the user's EVALPACKS_STORE) a later real or --offline run would replay their answers from the call
 * cache and list their runs beside real ones. The CLI prints where it is on its `run` line.
 */
export function demoStore(): string {
  return join(mkdtempSync(join(tmpdir(), 'evalpacks-demo-')), 'evalpacks.db');
}

/**
 * The packs the stand-in's scripts answer: the frozen test packs (test/packs/README.md), whose cases the
 * scripts were written for. The shipped packs have grown past them (48 code-review cases, where the script
 * answers 3 and the stand-in fails the rest). A domains folder of the user's own still wins.
 */
const DEMO_PACKS = fileURLToPath(new URL('../test/packs', import.meta.url));

/** The CLI from its sources, with `args`, on the given store (always one of the demo's own). */
export function spawnDemoCli(
  args: string[],
  { store, env = {}, quiet = false }: { store: string; env?: NodeJS.ProcessEnv; quiet?: boolean },
) {
  return spawn(
    `${ROOT}node_modules/.bin/tsx`,
    ['--conditions=@evalpacks/source', `${ROOT}apps/cli/src/bin.ts`, ...args],
    {
      cwd: ROOT,
      env: { EVALPACKS_DOMAINS_DIR: DEMO_PACKS, ...process.env, ...env, EVALPACKS_STORE: store },
      stdio: quiet ? 'ignore' : 'inherit',
    },
  );
}

/**
 * Runs the CLI with `args` against a scripted stand-in on a store of the demo's own (`store`, else a fresh
 * one), prints its output, and exits with its code.
 */
export async function runDemo(
  standIn: Pick<OllamaStandIn, 'close'>,
  args: string[],
  { store = demoStore(), env }: { store?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  // Asynchronous on purpose: the stand-in answers from this process's event loop.
  const child = spawnDemoCli(args, { store, ...(env && { env }) });
  const [code] = (await once(child, 'close')) as [number | null];
  await standIn.close();
  process.exitCode = code ?? 2;
}
