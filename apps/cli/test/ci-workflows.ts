import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT } from './run-cli.ts';

/**
 * The parts of a GitHub Actions workflow the recipe test runs. Strict where a key would change what runs
 * (a `shell`, a `working-directory`, `continue-on-error`): a recipe that grows one fails here rather than
 * being run as if it were not there.
 */
const GithubStepSchema = z
  .object({
    name: z.string().optional(),
    if: z.string().optional(),
    uses: z.string().optional(),
    with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    env: z.record(z.string(), z.string()).optional(),
    run: z.string().optional(),
  })
  .strict()
  .refine((step) => (step.uses === undefined) !== (step.run === undefined), 'a step has either uses or run');

const GithubJobSchema = z
  .object({
    'runs-on': z.string(),
    needs: z.union([z.string(), z.array(z.string())]).optional(),
    permissions: z.record(z.string(), z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    strategy: z
      .object({ 'fail-fast': z.boolean().optional(), matrix: z.record(z.string(), z.array(z.unknown())) })
      .strict()
      .optional(),
    steps: z.array(GithubStepSchema),
  })
  .strict();

export const GithubWorkflowSchema = z.object({
  name: z.string(),
  on: z.record(z.string(), z.unknown()),
  env: z.record(z.string(), z.string()).optional(),
  defaults: z.object({ run: z.object({ shell: z.literal('bash') }).strict() }).optional(),
  jobs: z.record(z.string(), GithubJobSchema),
});
export type GithubWorkflow = z.infer<typeof GithubWorkflowSchema>;
export type GithubJob = z.infer<typeof GithubJobSchema>;
export type GithubStep = z.infer<typeof GithubStepSchema>;

const ScriptSchema = z.array(z.string());
const RulesSchema = z.array(z.object({ if: z.string() }).strict());

const GitlabJobSchema = z
  .object({
    stage: z.string(),
    parallel: z.number().int().min(2).optional(),
    rules: RulesSchema.optional(),
    variables: z.record(z.string(), z.string()).optional(),
    before_script: ScriptSchema.optional(),
    script: ScriptSchema,
    after_script: ScriptSchema.optional(),
    artifacts: z
      .object({
        when: z.enum(['on_success', 'always']).optional(),
        paths: z.array(z.string()),
        reports: z.object({ junit: z.string() }).strict().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** Top-level keys of .gitlab-ci.yml that are settings, not jobs. */
const GITLAB_KEYWORDS = ['stages', 'variables', 'workflow', 'default'] as const;

export const GitlabPipelineSchema = z.object({
  stages: z.array(z.string()),
  variables: z.record(z.string(), z.string()).optional(),
  workflow: z.object({ rules: RulesSchema }).strict().optional(),
  default: z.object({ image: z.string().optional(), before_script: ScriptSchema.optional() }).strict().optional(),
  jobs: z.record(z.string(), GitlabJobSchema),
});
export type GitlabPipeline = z.infer<typeof GitlabPipelineSchema>;
export type GitlabJob = z.infer<typeof GitlabJobSchema>;

/** The fenced yaml blocks of a Markdown file, keyed by the file each names on its first line (`# .gitlab-ci.yml`). */
export function yamlBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  let current: string[] | undefined;
  let inYaml = false;
  for (const line of markdown.split('\n')) {
    if (/^```yaml\s*$/.test(line)) {
      inYaml = true;
      current = [];
    } else if (inYaml && /^```\s*$/.test(line)) {
      const name = /^# (\S+)$/.exec(current?.[0] ?? '')?.[1];
      if (name) blocks.set(name, (current ?? []).join('\n'));
      inYaml = false;
    } else if (inYaml) current?.push(line);
  }
  return blocks;
}

const CI_DOC = join(ROOT, 'docs/ci.md');

function block(name: string): unknown {
  const text = yamlBlocks(readFileSync(CI_DOC, 'utf8')).get(name);
  if (text === undefined) throw new Error(`docs/ci.md has no yaml block that starts with "# ${name}"`);
  return parse(text);
}

/** The GitHub Actions workflow docs/ci.md gives, as the test runs it. */
export function githubWorkflow(): GithubWorkflow {
  return GithubWorkflowSchema.parse(block('.github/workflows/evals.yml'));
}

/** The GitLab CI pipeline docs/ci.md gives, its jobs apart from its settings. */
export function gitlabPipeline(): GitlabPipeline {
  const raw = block('.gitlab-ci.yml') as Record<string, unknown>;
  const settings = Object.fromEntries(GITLAB_KEYWORDS.filter((k) => k in raw).map((k) => [k, raw[k]]));
  const jobs = Object.fromEntries(
    Object.entries(raw).filter(([k]) => !(GITLAB_KEYWORDS as readonly string[]).includes(k)),
  );
  return GitlabPipelineSchema.parse({ ...settings, jobs });
}
