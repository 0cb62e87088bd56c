import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { OllamaStandIn } from '@evalpacks/testkit';

/** Runs the CLI with `args` against a scripted stand-in, prints its output, and exits with its code. */
export async function runDemo(standIn: Pick<OllamaStandIn, 'close'>, args: string[]): Promise<void> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  // Asynchronous on purpose: the stand-in answers from this process's event loop.
  const child = spawn(
    `${root}node_modules/.bin/tsx`,
    ['--conditions=@evalpacks/source', `${root}apps/cli/src/bin.ts`, ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const [code] = (await once(child, 'close')) as [number | null];
  await standIn.close();
  process.exitCode = code ?? 2;
}
