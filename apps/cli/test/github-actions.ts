import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CiSandbox, checkout, copyInto } from './ci-sandbox.ts';
import type { GithubJob, GithubStep, GithubWorkflow } from './ci-workflows.ts';

/** The event a workflow run answers, and what the repository holds for it (its variables, the token). */
export interface GithubEvent {
  name: 'push' | 'pull_request';
  runId: string;
  pullRequest?: number;
  repository: string;
  token: string;
  vars: Record<string, string>;
}

/** One job's context: the event and, in a matrix, the job's position. */
interface JobContext {
  event: GithubEvent;
  index: number;
  total: number;
}

/**
 * The expressions the recipe may use, with GitHub's meaning. One it does not list stops the test: a recipe
 * cannot use an expression the test would have to guess at.
 */
function value(expr: string, ctx: JobContext): string {
  const { event } = ctx;
  if (expr.startsWith('vars.')) {
    const found = event.vars[expr.slice('vars.'.length)];
    if (found !== undefined) return found;
  }
  const known: Record<string, string> = {
    'strategy.job-index': String(ctx.index),
    'strategy.job-total': String(ctx.total),
    'github.event_name': event.name,
    'github.run_id': event.runId,
    'github.token': event.token,
    // An expression of a context the event lacks is empty, as on GitHub.
    'github.event.pull_request.number': event.pullRequest === undefined ? '' : String(event.pullRequest),
  };
  const found = known[expr];
  if (found === undefined) throw new Error(`the recipe test does not model the expression \${{ ${expr} }}`);
  return found;
}

const interpolate = (text: string, ctx: JobContext) =>
  text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expr: string) => value(expr, ctx));

/** An `if:`, with GitHub's implied `success() &&` unless it checks the status itself. Nothing is cancelled here. */
function condition(text: string, ctx: JobContext, failed: boolean): boolean {
  const expr = text
    .trim()
    .replace(/^\$\{\{\s*/, '')
    .replace(/\s*\}\}$/, '');
  let checksStatus = false;
  const terms = expr.split('&&').map((term) => {
    const t = term.trim();
    if (t === '!cancelled()' || t === 'always()') {
      checksStatus = true;
      return true;
    }
    const comparison = /^([\w.-]+)\s*==\s*'([^']*)'$/.exec(t);
    if (comparison) return value(comparison[1] ?? '', ctx) === comparison[2];
    throw new Error(`the recipe test does not model the condition ${t}`);
  });
  return terms.every(Boolean) && (checksStatus || !failed);
}

const lines = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Runs a workflow's jobs as GitHub would, one runner folder each: matrix jobs side by side, a job after
 * those it needs. Artifacts live for one run; caches outlive it, as GitHub's do.
 */
export class GithubForge {
  /** Cache key to its folder, oldest first (restore-keys restores the newest match). */
  private readonly caches = new Map<string, string>();
  private artifacts = new Map<string, string>();

  constructor(private readonly sandbox: CiSandbox) {}

  /** Runs the workflow for the event; resolves with each job's runner folders, and whether every job passed. */
  async run(workflow: GithubWorkflow, event: GithubEvent): Promise<{ ok: boolean; folders: Map<string, string[]> }> {
    this.artifacts = new Map();
    const folders = new Map<string, string[]>();
    const passed = new Set<string>();
    const pending = Object.entries(workflow.jobs);
    while (pending.length > 0) {
      const at = pending.findIndex(([, job]) => [job.needs ?? []].flat().every((n) => folders.has(n)));
      if (at < 0) throw new Error('a job needs a job the workflow does not have');
      const [id, job] = pending.splice(at, 1)[0] ?? [];
      if (!id || !job) continue;
      const total = job.strategy ? Object.values(job.strategy.matrix).reduce((n, list) => n * list.length, 1) : 1;
      const needsPassed = [job.needs ?? []].flat().every((n) => passed.has(n));
      const runs = needsPassed
        ? await Promise.all(
            Array.from({ length: total }, (_, index) => this.job(workflow, id, job, { event, index, total })),
          )
        : [];
      folders.set(
        id,
        runs.map((r) => r.dir),
      );
      if (needsPassed && runs.every((r) => r.ok)) passed.add(id);
    }
    return { ok: passed.size === Object.keys(workflow.jobs).length, folders };
  }

  private async job(workflow: GithubWorkflow, id: string, job: GithubJob, ctx: JobContext) {
    const name = ctx.total > 1 ? `${id} (${ctx.index + 1}/${ctx.total})` : id;
    const dir = this.sandbox.workspace(`${ctx.event.name}-${name}`);
    let failed = false;
    for (const step of job.steps) {
      const label = step.name ?? step.uses ?? lines(step.run)[0] ?? 'run';
      const runs = step.if === undefined ? !failed : condition(step.if, ctx, failed);
      if (!runs) {
        this.sandbox.skipped(name, label);
        continue;
      }
      if (step.uses !== undefined) {
        const done = await this.action(step, ctx, dir);
        this.sandbox.log.push({ job: name, step: label, result: done ? 'action' : 'action failed' });
        if (!done) failed = true;
        continue;
      }
      const env: Record<string, string> = {
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: ctx.event.name,
        GITHUB_REPOSITORY: ctx.event.repository,
        GITHUB_API_URL: 'https://api.github.com',
        GITHUB_RUN_ID: ctx.event.runId,
        GITHUB_JOB: id,
        GITHUB_WORKSPACE: dir,
      };
      for (const scope of [workflow.env, job.env, step.env])
        for (const [key, text] of Object.entries(scope ?? {})) env[key] = interpolate(text, ctx);
      const result = await this.sandbox.bash(name, label, step.run ?? '', dir, env);
      if (result.code !== 0) failed = true;
    }
    return { dir, ok: !failed };
  }

  /** The actions a recipe may use: checkout clones, setup has nothing to do, artifacts and caches copy folders. */
  private async action(step: GithubStep, ctx: JobContext, dir: string): Promise<boolean> {
    const given = (key: string) => interpolate(String(step.with?.[key] ?? ''), ctx);
    const action = (step.uses ?? '').replace(/@.*$/, '');
    switch (action) {
      case 'actions/checkout':
        await checkout(dir);
        return true;
      case 'pnpm/action-setup':
      case 'actions/setup-node':
        return true;
      case 'actions/upload-artifact': {
        const name = given('name');
        if (this.artifacts.has(name)) return false;
        const store = join(this.sandbox.root, `artifacts-${ctx.event.runId}`, name);
        const paths = lines(given('path')).filter((p) => existsSync(join(dir, p)));
        // One folder uploads its contents; several keep their paths below the job's folder.
        for (const path of paths) copyInto(join(dir, path), paths.length === 1 ? store : join(store, path));
        this.artifacts.set(name, store);
        return true;
      }
      case 'actions/download-artifact': {
        const pattern = new RegExp(
          `^${given('pattern')
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')}$`,
        );
        for (const [name, store] of [...this.artifacts].filter(([n]) => pattern.test(n)).sort())
          copyInto(store, join(dir, given('path'), given('merge-multiple') === 'true' ? '' : name));
        return true;
      }
      case 'actions/cache/restore': {
        const prefixes = lines(given('restore-keys'));
        const keys = [...this.caches.keys()].reverse();
        const key = keys.find((k) => k === given('key')) ?? keys.find((k) => prefixes.some((p) => k.startsWith(p)));
        const saved = key === undefined ? undefined : this.caches.get(key);
        if (saved !== undefined && readdirSync(saved).length > 0) copyInto(saved, join(dir, given('path')));
        return true;
      }
      case 'actions/cache/save': {
        const key = given('key');
        // Cache keys are immutable: saving under a taken key is skipped with a warning.
        if (this.caches.has(key)) return true;
        const saved = join(this.sandbox.root, `cache-${this.caches.size + 1}`);
        copyInto(join(dir, given('path')), saved);
        this.caches.set(key, saved);
        return true;
      }
      default:
        throw new Error(`the recipe test does not model the action ${step.uses}`);
    }
  }
}
