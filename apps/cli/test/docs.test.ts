import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks, commandsIn, docsFiles, flagsOfHelp } from './docs-check.ts';
import { ROOT, run, runCli, SOURCE, TSX } from './run-cli.ts';

const WEB_BIN = join(ROOT, 'apps/web/src/bin.ts');
const COMMANDS = ['eval', 'compare', 'history', 'calibrate', 'merge', 'new-domain', 'lint-pack'];

/** Every Markdown file a user reads: the README, docs/ and each package's README. */
function userDocs(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  const readmes = ['apps', 'packages', 'domains'].flatMap((folder) =>
    readdirSync(join(ROOT, folder)).map((name) => join(folder, name, 'README.md')),
  );
  return docsFiles(ROOT, [...docs, ...readmes]);
}

describe('the docs', () => {
  const flags = new Map<string, Set<string>>();

  beforeAll(async () => {
    for (const command of COMMANDS) {
      const help = await runCli([command, '--help']);
      expect(help.code, help.stderr).toBe(0);
      flags.set(command, flagsOfHelp(help.stdout));
    }
    // The viewer prints its usage line on a usage error.
    const ui = await run(TSX, [SOURCE, WEB_BIN, '--not-a-flag']);
    flags.set('ui', flagsOfHelp(ui.stderr));
    expect(flags.get('eval')).toContain('--domain');
    expect(flags.get('ui')).toContain('--port');
  }, 120_000);

  it('link only to files and headings that exist', () => {
    expect(userDocs().flatMap((file) => brokenLinks(file, ROOT))).toEqual([]);
  });

  it('show only real subcommands and flags in their code blocks', () => {
    const shown = userDocs().flatMap((file) => commandsIn(file, ROOT));
    expect(shown.length).toBeGreaterThan(20);
    const unknown = shown.flatMap(({ where, command, flags: used }) => {
      const known = flags.get(command);
      if (!known) return [`${where}: no command "${command}"`];
      return used.filter((flag) => !known.has(flag)).map((flag) => `${where}: ${command} has no ${flag}`);
    });
    expect(unknown).toEqual([]);
  });
});

describe('the docs check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalpacks-docs-'));
  const page = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('finds a link to a missing file or heading, and passes a good one', () => {
    page('other.md', '# Other\n\n## Run it: the `--list` flag\n');
    const file = page(
      'page.md',
      '[a](other.md#run-it-the---list-flag) [b](other.md#nope)\n[c](missing.md) [d](https://example.com/x)\n',
    );
    expect(brokenLinks(file, dir)).toEqual([
      'page.md:1: other.md#nope has no heading #nope',
      'page.md:2: missing.md does not exist',
    ]);
  });

  it('reads the flags of each command in a code block, up to a comment or pipe', () => {
    const file = page(
      'cmd.md',
      '```sh\n$ pnpm eval --domain x --offlin # --not-this\nnpx evalpacks merge a.db --out b | head\n```\n',
    );
    expect(commandsIn(file, dir)).toEqual([
      { where: 'cmd.md:2', command: 'eval', flags: ['--domain', '--offlin'] },
      { where: 'cmd.md:3', command: 'merge', flags: ['--out'] },
    ]);
    expect(flagsOfHelp('  --domain <name>  the pack\n  --no-cache  fresh\n').has('--offlin')).toBe(false);
  });
});
