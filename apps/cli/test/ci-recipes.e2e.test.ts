import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { CiSandbox, type ForgeRequest } from './ci-sandbox.ts';
import { githubWorkflow, gitlabPipeline } from './ci-workflows.ts';
import { cases, scriptAgent } from './code-review-script.ts';
import { scriptReadingJudge, scriptSubtleReviewer } from './compare-script.ts';
import { GithubForge } from './github-actions.ts';
import { GITLAB_API, GITLAB_PROJECT, runGitlabPipeline } from './gitlab-ci.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT } from './run-cli.ts';

/** The agent model the recipes leave at its default, and the judge they name. */
const standIn = useOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b'] });

/** The comment marker of a pull request's comparison with main (see comparing.md). */
const MARKER = '<!-- evalpacks-compare pack=code-review base=main head=pr -->';

/** The model server as a branch's agent behaves: main's misses the redelivery problem, the pull request's catches it. */
function agentOf(branch: 'main' | 'pr'): void {
  standIn.reset();
  if (branch === 'pr') scriptSubtleReviewer(standIn, () => true);
  scriptAgent(standIn);
  scriptReadingJudge(standIn);
}

const folder = (folders: Map<string, string[]>, job: string) => {
  const found = folders.get(job)?.[0];
  if (!found) throw new Error(`no job ${job} ran`);
  return found;
};

/** The runs a job's store holds: tag, shard, status and the cases with results. */
function storedRuns(path: string) {
  const store = EvalStore.open(path);
  try {
    return [1, 2, 3].flatMap((id) => {
      const run = store.run(id);
      if (!run) return [];
      const { tag, shard } = run.config as { tag?: string; shard?: string };
      const caseIds = [...new Set(store.resultKeys(id).map((k) => k.caseId))].sort();
      return [{ id, pack: run.pack, tag, shard, status: run.status, caseIds }];
    });
  } finally {
    store.close();
  }
}

const merged = (id: number, tag: string) => ({
  id,
  pack: 'code-review',
  tag,
  shard: 'all',
  status: 'completed',
  caseIds: cases.map((c) => c.id).sort(),
});

const described = (requests: ForgeRequest[]) => requests.map((r) => `${r.method} ${r.url}`);

describe("docs/ci.md's workflows, run step by step against the stand-in", () => {
  it('GitHub Actions: main keeps its merged run; a pull request merges its shards, compares with main and edits its comment', async () => {
    const workflow = githubWorkflow();
    // The sandbox's pnpm runs the CLI from source as these scripts run it built.
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['eval', 'merge', 'compare'])
      expect(scripts[name]).toBe(`node scripts/run-built.mjs cli ${name}`);
    const sandbox = new CiSandbox();
    const forge = new GithubForge(sandbox);
    const repo = { repository: 'acme/agents', token: 'ghs_recipe_token', vars: { OLLAMA_HOST: standIn.url } };

    agentOf('main');
    const main = await forge.run(workflow, { ...repo, name: 'push', runId: '101' });
    expect(main.ok, sandbox.transcript()).toBe(true);
    expect(main.folders.get('shard')).toHaveLength(2);
    expect(storedRuns(join(folder(main.folders, 'merge'), '.evalpacks/evalpacks.db'))).toEqual([merged(1, 'main')]);
    expect(sandbox.requests()).toEqual([]);

    // The pull request already has the comment of an earlier push, after someone else's.
    agentOf('pr');
    const comments = 'https://api.github.com/repos/acme/agents/issues/7/comments';
    const earlier = [
      { id: 11, body: 'Looks good to me' },
      { id: 12, body: `${MARKER}\nthe comparison of an earlier push` },
    ];
    sandbox.answer([{ method: 'GET', url: comments, status: 200, body: JSON.stringify(earlier) }]);
    const pr = await forge.run(workflow, { ...repo, name: 'pull_request', runId: '102', pullRequest: 7 });
    expect(pr.ok, sandbox.transcript()).toBe(true);

    const dir = folder(pr.folders, 'merge');
    // The merged run of the pull request's two shards, beside main's run restored from the cache.
    expect(storedRuns(join(dir, '.evalpacks/evalpacks.db'))).toEqual([merged(1, 'main'), merged(2, 'pr')]);
    const body = readFileSync(join(dir, 'compare/comparison.md'), 'utf8');
    expect(body.split('\n')[0]).toBe(MARKER);
    // The pull request's agent catches the redelivery problem main's missed: one item gained, too few cases to tell.
    expect(body).toContain('**Verdict: no detectable difference** · difference **+3.3 points**');
    expect(body).toContain('judge `ollama qwen3.5:0.8b` (both sides)');
    expect(body).toContain('| 🟢 | subtle-issues | 6/6 → 6/6 | 3/4 → 4/4 | 0 → 0 | 1 gained |');

    const requests = sandbox.requests();
    expect(described(requests)).toEqual([
      `GET ${comments}?per_page=100`,
      'PATCH https://api.github.com/repos/acme/agents/issues/comments/12',
    ]);
    for (const request of requests) expect(request.headers).toContain('Authorization: Bearer ghs_recipe_token');
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual({ body });
  }, 600_000);

  it('GitLab CI: main keeps its merged run as an artifact; a merge request compares with it and posts a note', async () => {
    const pipeline = gitlabPipeline();
    const sandbox = new CiSandbox();
    const variables = { OLLAMA_HOST: standIn.url, EVALPACKS_GITLAB_TOKEN: 'glpat-recipe-token' };
    const project = `${GITLAB_API}/projects/${GITLAB_PROJECT}`;
    const mainStore = `${project}/jobs/artifacts/main/raw/.evalpacks/evalpacks.db?job=merge`;

    agentOf('main');
    const main = await runGitlabPipeline(sandbox, pipeline, { source: 'push', pipelineId: '201', variables });
    expect(main.ok, sandbox.transcript()).toBe(true);
    expect(main.folders.get('eval')).toHaveLength(2);
    expect(main.folders.has('compare')).toBe(false);
    const kept = join(folder(main.folders, 'merge'), '.evalpacks/evalpacks.db');
    expect(storedRuns(kept)).toEqual([merged(1, 'main')]);
    expect(existsSync(join(folder(main.folders, 'merge'), 'reports/junit.xml'))).toBe(true);
    // The first pipeline of main finds no earlier store (a 404) and starts one.
    expect(described(sandbox.requests())).toEqual([`GET ${mainStore}`]);

    agentOf('pr');
    const notes = `${project}/merge_requests/3/notes`;
    sandbox.answer([
      { method: 'GET', url: mainStore, status: 200, file: kept },
      { method: 'GET', url: notes, status: 200, body: JSON.stringify([{ id: 5, body: 'assigned to @dev' }]) },
    ]);
    const mr = await runGitlabPipeline(sandbox, pipeline, {
      source: 'merge_request_event',
      pipelineId: '202',
      mergeRequest: 3,
      variables,
    });
    expect(mr.ok, sandbox.transcript()).toBe(true);
    const dir = folder(mr.folders, 'compare');
    expect(storedRuns(join(dir, '.evalpacks/evalpacks.db'))).toEqual([merged(1, 'main'), merged(2, 'pr')]);
    const body = readFileSync(join(dir, 'compare/comparison.md'), 'utf8');
    expect(body.split('\n')[0]).toBe(MARKER);
    expect(body).toContain('**Verdict: no detectable difference**');

    const requests = sandbox.requests().slice(1);
    expect(described(requests)).toEqual([
      `GET ${mainStore}`,
      `GET ${notes}?per_page=100&sort=asc&order_by=created_at`,
      `POST ${notes}`,
    ]);
    for (const request of requests) expect(request.headers).toContain('PRIVATE-TOKEN: glpat-recipe-token');
    expect(requests[2]?.headers).toContain('Content-Type: application/json');
    expect(JSON.parse(requests[2]?.body ?? '')).toEqual({ body });
  }, 600_000);
});
