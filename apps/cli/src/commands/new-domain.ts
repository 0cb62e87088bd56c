import { existsSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { InfrastructureError } from '@evalpacks/core/runner';
import type { CommandIo } from '../output/command-io.ts';
import { WORKSPACE_ROOT } from '../packs/discover.ts';
import { assertNewDomainName, assertPackName, packageNameOf } from '../scaffold/domain-name.ts';
import { linkWorkspace } from '../scaffold/link-workspace.ts';
import { standaloneNextSteps } from '../scaffold/standalone-next.ts';
import { writeDomain } from '../scaffold/write-domain.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';

export interface NewDomainOptions {
  /** Run `pnpm install` to link the new package (default true). */
  install?: boolean;
  root?: string;
  /** Write a standalone pack (its own package.json, installing the CLI and core from npm) to this folder. */
  out?: string;
}

/** What each generated file is for, shown once so a user knows where to start editing. */
const ROLES: Record<string, string> = {
  'prompts/baseline.md': "the agent's prompt, RISEN sections as headings",
  'cases/example.yaml': 'one case: input, an expected finding, an expectedAbsent item',
  'fixtures/example.json': 'a hand-written answer to it, for --offline runs without a model',
  'src/checks.ts': "one structural check, from the prompt's Expectation",
  'src/index.ts': 'definePack({...}): name, description, checks, judge',
  'test/checks.test.ts': 'the check on a passing and a failing answer',
  '.gitignore': 'its runs (.evalpacks/) and node_modules stay out of git',
};

/** `pnpm new-domain NAME`: a working pack in domains/NAME, linked and ready for `pnpm eval` and `pnpm test`. */
export async function newDomainCommand(
  name: string | undefined,
  io: CommandIo,
  options: NewDomainOptions = {},
): Promise<number> {
  if (options.out !== undefined) return newStandalonePack(name, options.out, io, options.root ?? WORKSPACE_ROOT);
  if (name === undefined) throw new UsageError('new-domain needs a NAME (or --out DIR for a pack of its own)');
  const root = options.root ?? WORKSPACE_ROOT;
  assertNewDomainName(name, root);
  const files = writeDomain(join(root, 'domains', name), name);
  io.write(`Created domains/${name} (${packageNameOf(name)}):\n`);
  for (const file of files) io.write(`${`  ${file.padEnd(22)}${ROLES[file] ?? ''}`.trimEnd()}\n`);
  if (options.install !== false) {
    const linked = linkWorkspace(root);
    if (!linked.ok) {
      throw new InfrastructureError(
        `created domains/${name}, but \`pnpm install\` failed, so it is not linked yet: ${linked.output.split('\n').at(-1)}`,
        'Run `pnpm install` in the workspace root once the cause is fixed.',
      );
    }
    io.write('Linked it into the workspace with `pnpm install` (commit pnpm-lock.yaml with the new folder).\n');
  }
  const next = [
    [`pnpm eval --domain ${name} --structural-only`, 'run it against your model, checks only'],
    [`pnpm eval --domain ${name}`, 'with the judge'],
    [`pnpm --filter ${packageNameOf(name)} test`, 'its tests (pnpm test runs them with the rest)'],
  ];
  const width = Math.max(...next.map(([command = '']) => command.length)) + 3;
  io.write('\nNext:\n');
  for (const [command = '', what] of next) io.write(`  ${command.padEnd(width)}${what}\n`);
  io.write('docs/adding-a-domain.md walks through writing cases, checks and prompts.\n');
  return 0;
}

/** `new-domain [NAME] --out DIR`: a pack of its own in DIR, outside any workspace, run with `npx evalpacks`. */
function newStandalonePack(given: string | undefined, out: string, io: CommandIo, workspace: string): number {
  const target = userPath(out);
  const name = given ?? basename(target);
  assertPackName(name);
  if (existsSync(target)) throw new UsageError(`--out ${out}: it already exists; name a new folder`);
  const files = writeDomain(target, name, 'standalone');
  const here = process.env.INIT_CWD ?? process.cwd();
  io.write(`Created ${relative(here, target) || '.'} (${name}), a pack of its own:\n`);
  for (const file of files) io.write(`${`  ${file.padEnd(22)}${ROLES[file] ?? ''}`.trimEnd()}\n`);
  io.write(`\n${standaloneNextSteps(target, here, workspace).join('\n')}\n`);
  return 0;
}
