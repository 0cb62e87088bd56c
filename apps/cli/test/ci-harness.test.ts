import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CiSandbox } from './ci-sandbox.ts';
import { GithubWorkflowSchema, GitlabPipelineSchema, yamlBlocks } from './ci-workflows.ts';
import { GithubForge } from './github-actions.ts';
import { runGitlabPipeline } from './gitlab-ci.ts';

// The harness ci-recipes.e2e.test.ts runs the docs' workflows with: it must fail where a runner would.

const event = { name: 'push' as const, runId: '1', repository: 'acme/agents', token: 't', vars: {} };
const workflow = (steps: unknown[]) =>
  GithubWorkflowSchema.parse({ name: 'w', on: { push: {} }, jobs: { a: { 'runs-on': 'x', steps } } });
const outcomes = (sandbox: CiSandbox) =>
  sandbox.log.map(({ step, result }) => [step, typeof result === 'string' ? result : result.code]);

describe('the CI recipe harness', () => {
  it('stops a GitHub job at a failing step, runs only !cancelled() steps after it, and skips the jobs that need it', async () => {
    const sandbox = new CiSandbox();
    const steps = [
      { run: 'echo one > one.txt' },
      { run: 'false | true' },
      { name: 'fails', run: 'exit 2' },
      { name: 'after a failure', run: 'echo never' },
      { name: 'whatever happened', if: `\${{ !cancelled() }}`, run: 'test -f one.txt' },
    ];
    const parsed = GithubWorkflowSchema.parse({
      name: 'w',
      on: { push: {} },
      jobs: { a: { 'runs-on': 'x', steps }, b: { needs: 'a', 'runs-on': 'x', steps: [{ run: 'true' }] } },
    });
    const result = await new GithubForge(sandbox).run(parsed, event);
    expect(result.ok).toBe(false);
    expect(result.folders.get('b')).toEqual([]);
    // `false | true` fails under pipefail, as with `shell: bash` on GitHub.
    expect(outcomes(sandbox)).toEqual([
      ['echo one > one.txt', 0],
      ['false | true', 1],
      ['fails', 'skipped'],
      ['after a failure', 'skipped'],
      ['whatever happened', 0],
    ]);
  });

  it('refuses an expression, a condition or an action it does not model', async () => {
    const forge = new GithubForge(new CiSandbox());
    await expect(forge.run(workflow([{ run: 'true', env: { X: `\${{ secrets.X }}` } }]), event)).rejects.toThrow(
      `the recipe test does not model the expression \${{ secrets.X }}`,
    );
    await expect(forge.run(workflow([{ if: "contains(github.ref, 'x')", run: 'true' }]), event)).rejects.toThrow(
      "the recipe test does not model the condition contains(github.ref, 'x')",
    );
    await expect(forge.run(workflow([{ uses: 'actions/github-script@v7' }]), event)).rejects.toThrow(
      'the recipe test does not model the action actions/github-script@v7',
    );
    expect(() => workflow([{ run: 'true', 'continue-on-error': true }])).toThrow();
  });

  it('logs the forge requests curl makes as curl would send them, and fails as curl -f does', async () => {
    const sandbox = new CiSandbox();
    sandbox.answer([{ method: 'GET', url: 'https://forge/list', status: 200, body: '[1]' }]);
    const script = [
      "printf 'a\\nb' > body.txt",
      'curl -s -d @body.txt https://forge/form',
      'curl -sS -X PUT -H "X-Token: t" --data-binary @body.txt https://forge/put',
      'curl -fsS https://forge/list?page=1 > list.json',
      'curl -fsS https://forge/missing || echo "exit $?" > missing.txt',
      'curl -k https://forge/insecure || echo "exit $?" > refused.txt',
    ].join('\n');
    const dir = sandbox.workspace('curl');
    const result = await sandbox.bash('job', 'curl', script, dir, {});
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('curl stand-in: -k is not a flag this stand-in models');
    expect(sandbox.requests()).toEqual([
      { method: 'POST', url: 'https://forge/form', headers: [], body: 'ab' },
      { method: 'PUT', url: 'https://forge/put', headers: ['X-Token: t'], body: 'a\nb' },
      { method: 'GET', url: 'https://forge/list?page=1', headers: [] },
      { method: 'GET', url: 'https://forge/missing', headers: [] },
    ]);
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    expect([read('list.json'), read('missing.txt'), read('refused.txt')]).toEqual(['[1]', 'exit 22\n', 'exit 2\n']);
  });

  it('runs a failed GitLab job its after_script and no later stage', async () => {
    const sandbox = new CiSandbox();
    const pipeline = GitlabPipelineSchema.parse({
      stages: ['one', 'two'],
      jobs: {
        first: {
          stage: 'one',
          script: ['echo ran > ran.txt', 'exit 2', 'echo never'],
          after_script: ['test -f ran.txt'],
        },
        second: { stage: 'two', script: ['true'] },
      },
    });
    const result = await runGitlabPipeline(sandbox, pipeline, { source: 'push', pipelineId: '1', variables: {} });
    expect(result.ok).toBe(false);
    expect(result.folders.has('second')).toBe(false);
    expect(outcomes(sandbox)).toEqual([
      ['script', 2],
      ['after_script', 0],
    ]);
  }, 30_000);

  it('reads the yaml blocks of a page by the file each names first', () => {
    const page = ['```yaml', '# a.yml', 'x: 1', '```', '```yaml', 'y: 2', '```', '```sh', '# b.yml', '```'].join('\n');
    expect([...yamlBlocks(page)]).toEqual([['a.yml', '# a.yml\nx: 1']]);
  });
});
