import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CiSandbox, checkout, copyInto } from './ci-sandbox.ts';
import type { GitlabJob, GitlabPipeline } from './ci-workflows.ts';

/** What started the pipeline, and the project's CI/CD variables. */
export interface GitlabEvent {
  source: 'push' | 'merge_request_event';
  pipelineId: string;
  mergeRequest?: number;
  variables: Record<string, string>;
}

export const GITLAB_API = 'https://gitlab.example.com/api/v4';
export const GITLAB_PROJECT = '42';
const DEFAULT_BRANCH = 'main';

/** The predefined variables a job of the pipeline sees (those the recipe reads, and the CI markers). */
function predefined(event: GitlabEvent): Record<string, string> {
  const common = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_PIPELINE_SOURCE: event.source,
    CI_PIPELINE_ID: event.pipelineId,
    CI_DEFAULT_BRANCH: DEFAULT_BRANCH,
    CI_API_V4_URL: GITLAB_API,
    CI_PROJECT_ID: GITLAB_PROJECT,
  };
  if (event.source === 'push') return { ...common, CI_COMMIT_BRANCH: DEFAULT_BRANCH };
  return {
    ...common,
    CI_MERGE_REQUEST_IID: String(event.mergeRequest ?? 1),
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: DEFAULT_BRANCH,
  };
}

/** A rule's `if:` of the forms the recipe uses: `$A == "text"` and `$A == $B`. Any other stops the test. */
function ruleHolds(text: string, vars: Record<string, string>): boolean {
  const match = /^\$(\w+)\s*==\s*(?:"([^"]*)"|\$(\w+))$/.exec(text.trim());
  if (!match) throw new Error(`the recipe test does not model the rule ${text}`);
  const [, left = '', literal, right] = match;
  return vars[left] !== undefined && vars[left] === (literal ?? vars[right ?? '']);
}

const rulesAllow = (rules: { if: string }[] | undefined, vars: Record<string, string>) =>
  rules === undefined || rules.some((rule) => ruleHolds(rule.if, vars));

/** A finished job's artifacts: its folder and the paths it keeps. */
interface Kept {
  dir: string;
  paths: string[];
}

/**
 * Runs a pipeline's jobs as GitLab would: stage by stage, a stage's jobs (and `parallel` copies) side by
 * side, each in a fresh clone with the artifacts of the earlier stages, `before_script` and `script` in
 * one shell, `after_script` in another whatever the script did.
 */
export async function runGitlabPipeline(
  sandbox: CiSandbox,
  pipeline: GitlabPipeline,
  event: GitlabEvent,
): Promise<{ ok: boolean; folders: Map<string, string[]> }> {
  const global = { ...predefined(event), ...pipeline.variables, ...event.variables };
  const folders = new Map<string, string[]>();
  if (!rulesAllow(pipeline.workflow?.rules, global)) return { ok: true, folders };
  const kept: Kept[] = [];
  for (const stage of pipeline.stages) {
    const jobs = Object.entries(pipeline.jobs).filter(
      ([, job]) => job.stage === stage && rulesAllow(job.rules, global),
    );
    const earlier = [...kept];
    const runs = await Promise.all(
      jobs.flatMap(([name, job]) => {
        const total = job.parallel ?? 1;
        return Array.from({ length: total }, (_, i) =>
          runJob(sandbox, pipeline, { name, job, index: i + 1, total }, { ...global, ...job.variables }, earlier),
        );
      }),
    );
    for (const r of runs) {
      folders.set(r.name, [...(folders.get(r.name) ?? []), r.dir]);
      if (r.artifacts) kept.push(r.artifacts);
    }
    if (runs.some((r) => !r.ok)) return { ok: false, folders };
  }
  return { ok: true, folders };
}

async function runJob(
  sandbox: CiSandbox,
  pipeline: GitlabPipeline,
  { name, job, index, total }: { name: string; job: GitlabJob; index: number; total: number },
  vars: Record<string, string>,
  earlier: Kept[],
) {
  const label = total > 1 ? `${name} ${index}/${total}` : name;
  const dir = sandbox.workspace(`${vars.CI_PIPELINE_SOURCE}-${label}`);
  await checkout(dir);
  for (const { dir: from, paths } of earlier)
    for (const path of paths) if (existsSync(join(from, path))) copyInto(join(from, path), join(dir, path));
  const env = {
    ...vars,
    CI_JOB_NAME: label,
    CI_PROJECT_DIR: dir,
    ...(total > 1 && { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(total) }),
  };
  const script = [...(job.before_script ?? pipeline.default?.before_script ?? []), ...job.script].join('\n');
  const result = await sandbox.bash(label, 'script', script, dir, env);
  if (job.after_script) await sandbox.bash(label, 'after_script', job.after_script.join('\n'), dir, env);
  const ok = result.code === 0;
  const keep = job.artifacts && (ok || job.artifacts.when === 'always');
  return { name, dir, ok, artifacts: keep ? { dir, paths: job.artifacts?.paths ?? [] } : undefined };
}
