import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newDomainCommand } from '../src/commands/new-domain.ts';
import type { CommandIo } from '../src/output/command-io.ts';

/** Runs `new-domain --out` in-process as if typed in `cwd` (pnpm passes that folder in INIT_CWD). */
async function scaffold(out: string, options: { cwd: string; root?: string }): Promise<string> {
  let printed = '';
  const io: CommandIo = {
    write: (text) => {
      printed += text;
    },
    isTTY: false,
  };
  const before = process.env.INIT_CWD;
  process.env.INIT_CWD = options.cwd;
  try {
    expect(await newDomainCommand(undefined, io, { out, ...(options.root && { root: options.root }) })).toBe(0);
  } finally {
    if (before === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = before;
  }
  return printed;
}

/** The lines from "Next" on: what the scaffold tells a person to run. */
const nextSteps = (printed: string) => printed.slice(printed.indexOf('\nNext')).trim().split('\n');

describe('new-domain --out DIR: a pack of its own', () => {
  it('writes a .gitignore that keeps the runs and node_modules out of git', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'evalpacks-out-'));
    const printed = await scaffold('release-notes', { cwd: parent });
    expect(readFileSync(join(parent, 'release-notes', '.gitignore'), 'utf8')).toBe('.evalpacks/\nnode_modules/\n');
    expect(readdirSync(join(parent, 'release-notes'))).toContain('.gitignore');
    expect(printed).toContain('\n  .gitignore            its runs (.evalpacks/) and node_modules stay out of git\n');
  });

  it('tells a workspace user the tarball route, not an `npm install` the registry cannot serve', async () => {
    // Typed in the workspace root, as the README does: `pnpm new-domain --out ../release-notes`.
    const parent = mkdtempSync(join(tmpdir(), 'evalpacks-out-'));
    const workspace = join(parent, 'evalpacks');
    mkdirSync(workspace);
    const printed = await scaffold('../release-notes', { cwd: workspace, root: workspace });
    expect(printed).not.toMatch(/^ {2}npm install +/m);
    expect(nextSteps(printed)).toEqual([
      'Next: @evalpacks/cli is not on the npm registry yet; install it from tarballs of this workspace:',
      '  pnpm build',
      '  for p in packages/core packages/models packages/store apps/web apps/cli; do',
      '    (cd $p && pnpm pack --pack-destination ../../../tarballs)',
      '  done',
      '  cd ../release-notes && npm install ../tarballs/*.tgz',
      'Then, in ../release-notes:',
      '  npx evalpacks eval --pack . --offline        its sample answer, no model needed',
      '  npx evalpacks eval --pack .                  against your model, with the judge',
      '  npm test                                     its checks on sample answers',
    ]);
  });

  it('starts from the workspace root when typed in another folder, and quotes a path with a space', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'evalpacks-out-'));
    const workspace = join(parent, 'evalpacks');
    mkdirSync(join(workspace, 'docs'), { recursive: true });
    const printed = await scaffold('../../team packs/notes', { cwd: join(workspace, 'docs'), root: workspace });
    expect(nextSteps(printed).slice(1, 7)).toEqual([
      '  cd ..',
      '  pnpm build',
      '  for p in packages/core packages/models packages/store apps/web apps/cli; do',
      "    (cd $p && pnpm pack --pack-destination '../../../team packs/tarballs')",
      '  done',
      "  cd '../team packs/notes' && npm install ../tarballs/*.tgz",
    ]);
  });
});
