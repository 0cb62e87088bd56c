import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDomainCommand } from '../src/commands/new-domain.ts';
import { failureOf, quietIo } from './in-process.ts';
import { ROOT, run, runCli, summaryOf } from './run-cli.ts';

/**
 * The name the README tells people to create, or, once they have (the copy below takes their folders along),
 * the first free `release-notes-N`: the test must pass in the workspace the README leaves behind.
 */
const NAME = freeDomainName('release-notes');

function freeDomainName(base: string): string {
  const taken = (name: string) => existsSync(join(ROOT, 'domains', name));
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base}-${n}`;
  return name;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], { cwd, encoding: 'utf8' });

/**
 * A copy of this workspace in a temporary folder: the files git would commit, then `pnpm install --offline
 * --frozen-lockfile` from the local store (no network), then a commit, so `git status` shows afterwards
 * exactly what the scaffolder changed.
 */
function copyWorkspace(): string {
  const copy = mkdtempSync(join(tmpdir(), 'evalpacks-workspace-'));
  const files = git(ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean);
  for (const file of files) {
    if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(copy, file), { recursive: false });
  }
  execFileSync('pnpm', ['install', '--offline', '--frozen-lockfile'], { cwd: copy, stdio: 'ignore' });
  git(copy, 'init', '-q');
  git(copy, 'add', '-A');
  git(copy, 'commit', '-q', '-m', 'workspace as copied');
  return copy;
}

describe('pnpm new-domain NAME', () => {
  let copy: string;
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    copy = copyWorkspace();
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    // The copy's install compiles better-sqlite3 where pnpm's store holds no build of it for this node (CI's
    // Node 24 after `pnpm rebuild`): a minute or more on a shared machine.
  }, 600_000);
  afterAll(async () => {
    await standIn.close();
    rmSync(copy, { recursive: true, force: true });
  }, 60_000);

  it('creates a pack that pnpm eval and pnpm test pick up at once, changing nothing else but the lockfile', {
    // Two cold builds of the workspace copy (by `pnpm new-domain`, and after its install) on a shared machine.
    timeout: 600_000,
  }, async () => {
    const created = await run('pnpm', ['new-domain', NAME], { cwd: copy });
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created domains/${NAME} (@evalpacks/${NAME}):\n`);
    expect(
      git(copy, 'status', '--porcelain', '--untracked-files=all')
        .trimEnd()
        .split('\n')
        .filter((line) => !line.includes(`domains/${NAME}/`)),
    ).toEqual([' M pnpm-lock.yaml']);
    expect(readdirSync(join(copy, 'domains', NAME), { recursive: true }).sort()).toEqual(
      expect.arrayContaining([
        'cases/example.yaml',
        'fixtures/example.json',
        'package.json',
        'prompts/baseline.md',
        'src/checks.ts',
        'src/index.ts',
        'test/checks.test.ts',
        'tsconfig.json',
      ]),
    );

    // pnpm eval --domain NAME, against the stand-in: a reviewer that opens with a summary, a judge that agrees.
    standIn.script({
      match: { hasFormat: false },
      reply: { content: '## Summary\nOne impossible date.\n\n## Findings\n- "31 February" does not exist.' },
    });
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"r","flagged":false}' },
    });
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"r","caught":true}' } });
    // No TURBO_FORCE (CI sets it): the evals below run side by side and must find the build done, not redo it.
    const inCopy = (...args: string[]) =>
      run('pnpm', args, {
        cwd: copy,
        env: { TURBO_TELEMETRY_DISABLED: '1', TURBO_FORCE: undefined, EVALPACKS_DOMAINS_DIR: undefined },
      });
    // `pnpm eval` builds what the CLI loads first; build once here so the evals share a cached build.
    expect((await inCopy('build')).code).toBe(0);
    // Independent and read-only, so they run side by side: the typecheck alone takes seconds.
    const offlineStore = join(mkdtempSync(join(tmpdir(), 'evalpacks-new-domain-')), 'evalpacks.db');
    const [evaluated, offline, tested, dry, typed, linted] = await Promise.all([
      inCopy('eval', '--domain', NAME, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'),
      // Its sample transcript makes it run offline from the start, as every pack must.
      inCopy('eval', '--domain', NAME, '--offline', '--store', offlineStore),
      inCopy('--filter', `@evalpacks/${NAME}`, 'test'),
      inCopy('exec', 'turbo', 'run', 'test', '--dry=json'),
      inCopy('--filter', `@evalpacks/${NAME}`, 'typecheck'),
      inCopy('exec', 'biome', 'check', `domains/${NAME}`),
    ]);
    expect(evaluated.code).toBe(0);
    expect(evaluated.stdout).toContain('PASS Starts with a summary [expectation] — the answer opens with "## Summary"');
    expect(summaryOf(evaluated.stdout).split('\n').slice(0, 6)).toEqual([
      'Summary',
      '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%)',
      '  structural      1/1 checks passed (95% CI 20.7–100.0%)',
      '  findings        1/1 caught (95% CI 20.7–100.0%)',
      '  false positives 0',
      '  judge errors    0',
    ]);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('  model calls     0 made, 0 from the cache, 1 answer from sample fixtures\n');
    // Its own tests pass, turbo's `pnpm test` includes them, and it typechecks and lints clean.
    expect(tested.code).toBe(0);
    expect(tested.stdout).toMatch(/Tests\s+3 passed \(3\)/);
    expect((JSON.parse(dry.stdout) as { tasks: { taskId: string }[] }).tasks.map((t) => t.taskId)).toContain(
      `@evalpacks/${NAME}#test`,
    );
    expect(typed.code).toBe(0);
    expect([linted.code, linted.stderr]).toEqual([0, expect.stringContaining('No fixes applied')]);
    // The updated lockfile is what CI's frozen install expects.
    expect((await inCopy('install', '--offline', '--frozen-lockfile')).code).toBe(0);
  });
});

describe('pnpm new-domain refuses', () => {
  const domainsBefore = readdirSync(join(ROOT, 'domains')).sort();

  it('an invalid name with exit code 2, one line, and nothing written', async () => {
    const result = await runCli(['new-domain', 'Notes']);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      'evalpacks: "Notes" is not a valid package name (@evalpacks/Notes): name can no longer contain capital letters\n',
    ]);
    expect(readdirSync(join(ROOT, 'domains')).sort()).toEqual(domainsBefore);
  });

  it.each([
    [
      'a name npm refuses outright',
      '.notes',
      '".notes" is not a valid package name (@evalpacks/.notes): name cannot start with a period',
    ],
    [
      'a name with a space',
      'release notes',
      '"release notes" is not a valid package name (@evalpacks/release notes): name can only contain URL-friendly characters',
    ],
    [
      'a name definePack refuses',
      'release_notes',
      '"release_notes" is not a valid pack name: use lowercase letters, digits and dashes, starting with a letter or digit',
    ],
    ['an existing domain', 'code-review', 'domains/code-review already exists'],
    ['a workspace package', 'testkit', '@evalpacks/testkit is already a package of this workspace (packages/testkit)'],
  ])('%s, writing nothing', async (_, name, message) => {
    expect(await failureOf(() => newDomainCommand(name, quietIo, { install: false }))).toBe(`evalpacks: ${message}`);
    expect(readdirSync(join(ROOT, 'domains')).sort()).toEqual(domainsBefore);
  });
});
