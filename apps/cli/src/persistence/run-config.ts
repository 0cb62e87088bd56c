import { SPLIT_CHOICES, type SplitChoice } from '@evalpacks/core';
import { readRepeatPolicy } from '@evalpacks/core/grade';
import { redactUrl, splitCredentials } from '@evalpacks/core/report';
import { JUDGE_STYLES } from '@evalpacks/core/runner';
import { describeModel } from '@evalpacks/core/stats';
import type { RunMeta } from '@evalpacks/store';
import { z } from 'zod';
import { RESUMED_FLAGS } from '../options/cli-commands.ts';
import { userPath } from '../user-path.ts';

/**
 * The flags --resume reuses from the stored run unless given again: those whose entry in the flag tables
 * says so (what a run computes, where its models run and what it may spend). Never credentials: a region,
 * profile name or endpoint only.
 */
const CONFIG_FLAGS = RESUMED_FLAGS;

/** A flag's value as a run keeps it: what commander or a command's options schema gave. */
const FlagValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
type FlagValue = z.infer<typeof FlagValueSchema>;

/** The repeat policy merge and compare --runs grade a stored run by, unless told another. */
const PolicyValueSchema = z
  .string()
  .refine((text) => readRepeatPolicy(text) !== undefined, 'not one of majority, all, any, min-rate:R');

/**
 * The config flags as a stored run keeps them. A stored run's flags are read back (by --resume, by merge
 * from a CI job's file), so they are checked as any input is: anything that is not one of CONFIG_FLAGS
 * (an --out, a --reporter, a gate) is no part of a run and is dropped.
 */
export const StoredFlagsSchema = z.object(
  Object.fromEntries(
    CONFIG_FLAGS.map((name) => [name, (name === 'policy' ? PolicyValueSchema : FlagValueSchema).optional()]),
  ) as Record<string, z.ZodOptional<z.ZodType<FlagValue>>>,
);

/**
 * What decides a run's results beyond the record's own fields (pack, variant, prompt hash, models, epochs,
 * offline). New settings are added as optional fields, so a run recorded before them still reads.
 */
export const RunConfigSchema = z.object({
  /** Case id to a hash of its content, so an edited case is noticed. */
  cases: z.record(z.string(), z.string()),
  structural: z.boolean(),
  judgeAlways: z.boolean(),
  maxTurns: z.number().int().min(1),
  judgeStyle: z.enum(JUDGE_STYLES),
  /**
   * The version of the judge prompt that asks (core's, plus the pack's judge.md), for runs with a judge:
   * one run is never judged by two prompts. Absent in runs recorded before it was kept.
   */
  judgePrompt: z.string().optional(),
  /**
   * The simulated user of the run's conversation cases: its backend, model and prompt version (core's
   * USER_PROMPT_VERSION). Absent for a run without a simulated user (and in runs recorded before it was kept).
   */
  user: z.object({ backend: z.string(), model: z.string(), prompt: z.string() }).optional(),
  /** A hash of the pack's checks and their code (see checksHash); absent in runs recorded before it was kept. */
  checks: z.string().optional(),
  /** 'I/N' for one part of the cases, 'all' for them all; `cases` always lists every case of the run's configuration. */
  shard: z.string(),
  /** --split: 'dev' or 'test' for the cases of one split, 'all' for every case; `cases` lists the split's. Absent in runs recorded before splits. */
  split: z.enum(SPLIT_CHOICES).optional(),
  /** eval --tag: what compare --baseline-run latest:TAG finds the run by; no part of its settings. */
  tag: z.string().optional(),
  /** The config flags as given, paths made absolute. */
  flags: StoredFlagsSchema,
});

/** A type rather than an interface (z.infer), so it passes as the plain JSON record the store keeps. */
export type RunConfig = z.infer<typeof RunConfigSchema>;

/** The split a stored run ran: its config's, all for runs recorded before splits were. */
export const storedSplit = (run: { config: unknown }): SplitChoice =>
  (run.config as Partial<RunConfig> | undefined)?.split ?? 'all';

const withoutSecrets = (value: unknown) =>
  typeof value === 'string' && value.includes('://') ? redactUrl(splitCredentials(value).url) : value;

/** The config flags the user gave on this command line, file paths made absolute, URLs without secrets. */
export function givenFlags(raw: Record<string, unknown>): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const name of CONFIG_FLAGS) {
    const value = raw[name];
    if (value === undefined) continue;
    if (name === 'prompt' || name === 'pack') flags[name] = userPath(String(value));
    else if (name === 'testCase') flags[name] = (value as string[]).map((file) => userPath(file));
    // A host or endpoint is kept without its user info and query values: the store never holds a secret.
    else if (Array.isArray(value)) flags[name] = value.map(withoutSecrets);
    else flags[name] = withoutSecrets(value);
  }
  return flags;
}

/** The command line of a resumed run: what the user typed now, the stored run's flags for the rest. */
export function withStoredFlags(
  raw: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...raw };
  for (const name of CONFIG_FLAGS)
    if (merged[name] === undefined && stored[name] !== undefined) merged[name] = stored[name];
  return merged;
}

type StoredRun = Pick<RunMeta, 'pack' | 'variant' | 'promptHash' | 'epochs' | 'agent' | 'judge' | 'offline' | 'config'>;

/** What a run recorded before a setting was kept says of it: never equal to a value a run records now. */
const NOT_RECORDED = 'not recorded';

/** Every setting of a run as one flat record, whether the record's fields or its config hold it. */
function settings(run: StoredRun) {
  const config = run.config as Partial<RunConfig>;
  return {
    pack: run.pack,
    variant: run.variant,
    promptHash: run.promptHash,
    epochs: run.epochs,
    agent: describeModel(run.agent),
    judge: describeModel(run.judge),
    structural: config.structural,
    judgeAlways: config.judgeAlways,
    maxTurns: config.maxTurns,
    offline: run.offline,
    judgeStyle: config.judgeStyle,
    // Only a run with a judge asks with a judge prompt; only one with structural checks runs the pack's.
    judgePrompt: run.judge ? (config.judgePrompt ?? NOT_RECORDED) : 'none',
    // Only a run with a simulated user has one; one run's conversations are all played by one user.
    user: config.user ? describeModel(config.user) : 'none',
    userPrompt: config.user?.prompt ?? 'none',
    checks: config.structural === false ? 'not run' : (config.checks ?? NOT_RECORDED),
    // Runs recorded before shards existed ran every case.
    shard: config.shard ?? 'all',
    // Runs recorded before splits existed ran every case.
    split: storedSplit(run),
  };
}

type Setting = keyof ReturnType<typeof settings>;

const LABELS: Record<Setting, string> = {
  pack: 'pack',
  variant: 'variant',
  promptHash: 'prompt text',
  epochs: 'epochs (--repeat)',
  agent: 'agent model',
  judge: 'judge model',
  structural: 'structural checks',
  judgeAlways: '--judge-always',
  maxTurns: '--max-turns',
  offline: '--offline',
  judgeStyle: '--judge-style',
  judgePrompt: 'judge prompt',
  user: 'simulated user model',
  userPrompt: 'simulated user prompt',
  checks: 'pack checks',
  shard: '--shard',
  split: '--split',
};

/** One difference as a phrase; a hash means nothing to a person, so it is said in words. */
function phrase(key: Setting, label: string, values: [unknown, unknown], sides: [string, string], variant: string) {
  if (key === 'promptHash') return `prompt text (the ${variant} prompt differs ${sides[0]} and ${sides[1]})`;
  if (key === 'checks' && !values.includes('not run')) {
    if (values.includes(NOT_RECORDED)) {
      const said = values.map((value) => (value === NOT_RECORDED ? NOT_RECORDED : 'recorded'));
      return `${label}: ${said[0]} ${sides[0]}, ${said[1]} ${sides[1]}`;
    }
    return `pack checks (the code of the pack's checks differs ${sides[0]} and ${sides[1]})`;
  }
  return `${label}: ${String(values[0])} ${sides[0]}, ${String(values[1])} ${sides[1]}`;
}

function caseDifferences(before: Record<string, string>, now: Record<string, string>): string[] {
  const added = Object.keys(now).filter((id) => !(id in before));
  const removed = Object.keys(before).filter((id) => !(id in now));
  const changed = Object.keys(now).filter((id) => id in before && before[id] !== now[id]);
  return [
    ...(added.length ? [`cases added: ${added.join(', ')}`] : []),
    ...(removed.length ? [`cases removed: ${removed.join(', ')}`] : []),
    ...(changed.length ? [`cases changed: ${changed.join(', ')}`] : []),
  ];
}

/**
 * Every way a run differs from a stored run's, one phrase each. `sides` names the two in each phrase
 * (`X in the run, Y now` by default); `ignore` leaves settings out (merge ignores the shard).
 */
export function configDifferences(
  stored: StoredRun,
  now: StoredRun,
  sides: [string, string] = ['in the run', 'now'],
  ignore: readonly Setting[] = [],
): string[] {
  const [before, after] = [settings(stored), settings(now)];
  const out: string[] = [];
  for (const [key, label] of Object.entries(LABELS) as [Setting, string][]) {
    if (before[key] === after[key] || ignore.includes(key)) continue;
    out.push(phrase(key, label, [before[key], after[key]], sides, after.variant));
  }
  const cases = (run: StoredRun) => (run.config as Partial<RunConfig>).cases ?? {};
  return [...out, ...caseDifferences(cases(stored), cases(now))];
}
