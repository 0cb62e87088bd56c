import type { ModelRef, SplitChoice } from '@evalpacks/core';
import { redactUrl, splitCredentials } from '@evalpacks/core/report';
import type { RunMeta } from '@evalpacks/store';
import { BACKEND_FLAGS } from '../backends/registry.ts';
import { userPath } from '../user-path.ts';

/**
 * The flags --resume reuses from the stored run unless given again: those that decide what a run computes,
 * where its models run and what it may spend. Never credentials: a region, profile name or endpoint only.
 */
const CONFIG_FLAGS = [
  'domain',
  'pack',
  'variant',
  'prompt',
  'testCase',
  'split',
  'model',
  'judgeModel',
  'structuralOnly',
  'skipStructural',
  'judgeAlways',
  'maxTurns',
  'repeat',
  'policy',
  'judgeStyle',
  'offline',
  'backend',
  'judgeBackend',
  // Every backend's own flags (a host, a region, a profile name: the registry holds no credential flag).
  ...BACKEND_FLAGS.map((flag) => flag.key),
  'maxCost',
  'timeout',
  'concurrency',
  'shard',
];

/**
 * What decides a run's results beyond the record's own fields (pack, variant, prompt hash, models, epochs,
 * offline). A type rather than an interface, so it passes as the plain JSON record the store keeps.
 */
export type RunConfig = {
  /** Case id to a hash of its content, so an edited case is noticed. */
  cases: Record<string, string>;
  structural: boolean;
  judgeAlways: boolean;
  maxTurns: number;
  judgeStyle: string;
  /** 'I/N' for one part of the cases, 'all' for them all; `cases` always lists every case of the run's configuration. */
  shard: string;
  /** --split: 'dev' or 'test' for the cases of one split, 'all' for every case; `cases` lists the split's. */
  split: SplitChoice;
  /** The config flags as given, paths made absolute. */
  flags: Record<string, unknown>;
};

export const describeModel = (ref: ModelRef | undefined) => (ref ? `${ref.backend} ${ref.model}` : 'none');

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
  shard: '--shard',
  split: '--split',
};

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
    out.push(
      key === 'promptHash'
        ? `prompt text (the ${after.variant} prompt differs ${sides[0]} and ${sides[1]})`
        : `${label}: ${String(before[key])} ${sides[0]}, ${String(after[key])} ${sides[1]}`,
    );
  }
  const cases = (run: StoredRun) => (run.config as Partial<RunConfig>).cases ?? {};
  return [...out, ...caseDifferences(cases(stored), cases(now))];
}
