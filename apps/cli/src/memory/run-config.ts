import { createHash } from 'node:crypto';
import {
  type Case,
  canonicalJson,
  describeShard,
  type ModelRef,
  type Pack,
  redactUrl,
  splitCredentials,
  type Variant,
} from '@evalpacks/core';
import { BACKEND_FLAGS } from '../backends/registry.ts';
import type { EvalOptions } from '../commands/eval-options.ts';
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
 * The settings whose change would make a resumed run mix two different evaluations. A type rather
 * than an interface, so it passes as the plain JSON record the store keeps.
 */
export type RunConfig = {
  pack: string;
  variant: string;
  promptHash: string;
  /** Case id to a hash of its content, so an edited case is noticed. */
  cases: Record<string, string>;
  epochs: number;
  agent: string;
  judge: string;
  structural: boolean;
  judgeAlways: boolean;
  maxTurns: number;
  offline: boolean;
  judgeStyle: string;
  /** 'I/N' for one part of the cases, 'all' for them all; `cases` always lists every case of the run's configuration. */
  shard: string;
  /** The config flags as given, paths made absolute. */
  flags: Record<string, unknown>;
};

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export const describeModel = (ref: ModelRef | undefined) => (ref ? `${ref.backend} ${ref.model}` : 'none');

/** The config flags the user gave on this command line, file paths made absolute, URLs without secrets. */
export function givenFlags(raw: Record<string, unknown>): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const name of CONFIG_FLAGS) {
    const value = raw[name];
    if (value === undefined) continue;
    if (name === 'prompt' || name === 'pack') flags[name] = userPath(String(value));
    else if (name === 'testCase') flags[name] = (value as string[]).map((file) => userPath(file));
    // A host or endpoint is kept without its user info and query values: the store never holds a secret.
    else if (typeof value === 'string' && value.includes('://')) flags[name] = redactUrl(splitCredentials(value).url);
    else flags[name] = value;
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

function caseHashes(cases: readonly Case[]): Record<string, string> {
  return Object.fromEntries(cases.map((testCase) => [testCase.id, hash(canonicalJson(testCase))]));
}

export interface RunConfigInput {
  pack: Pack;
  variant: Variant;
  cases: readonly Case[];
  options: EvalOptions;
  agent: ModelRef;
  judge: ModelRef | undefined;
  flags: Record<string, unknown>;
}

export function runConfig({ pack, variant, cases, options, agent, judge, flags }: RunConfigInput): RunConfig {
  return {
    pack: pack.name,
    variant: variant.name,
    promptHash: hash(variant.text),
    cases: caseHashes(cases),
    epochs: options.repeat,
    agent: describeModel(agent),
    judge: describeModel(judge),
    structural: !options.skipStructural,
    judgeAlways: options.judgeAlways,
    maxTurns: options.maxTurns,
    offline: options.offline,
    judgeStyle: options.judgeStyle,
    shard: options.shard ? describeShard(options.shard) : 'all',
    flags,
  };
}

const LABELS: Record<Exclude<keyof RunConfig, 'cases' | 'flags'>, string> = {
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
 * Every way the current configuration differs from a stored run's, one phrase each. `sides` names the two
 * in each phrase (`X in the run, Y now` by default); `ignore` leaves fields out (merge ignores the shard).
 */
export function configDifferences(
  stored: Partial<RunConfig>,
  now: RunConfig,
  sides: [string, string] = ['in the run', 'now'],
  ignore: readonly (keyof RunConfig)[] = [],
): string[] {
  // Runs recorded before shards existed ran every case.
  const before: Partial<RunConfig> = { shard: 'all', ...stored };
  const out: string[] = [];
  for (const [key, label] of Object.entries(LABELS) as [keyof typeof LABELS, string][]) {
    if (before[key] === now[key] || ignore.includes(key)) continue;
    out.push(
      key === 'promptHash'
        ? `prompt text (the ${now.variant} prompt differs ${sides[0]} and ${sides[1]})`
        : `${label}: ${String(before[key])} ${sides[0]}, ${String(now[key])} ${sides[1]}`,
    );
  }
  return [...out, ...caseDifferences(stored.cases ?? {}, now.cases)];
}
