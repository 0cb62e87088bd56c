import { Option } from 'commander';
import { z } from 'zod';
import type { BackendEntry, BackendFlag } from './backend-entry.ts';
import { bedrock } from './bedrock/entry.ts';
import { ollama } from './ollama/entry.ts';
import { openai } from './openai/entry.ts';

/**
 * Every backend the CLI can run models on, the first being the default. Adding one: a folder beside
 * ollama/ with its entry, then one line here and its options in BACKEND_OPTIONS (its flags join every
 * command that runs models through options/backend-flags.ts).
 */
export const BACKENDS = [ollama, openai, bedrock] as const;

export type Backend = (typeof BACKENDS)[number]['name'];

export const BACKEND_NAMES = BACKENDS.map((entry) => entry.name) as [Backend, ...Backend[]];

export const DEFAULT_BACKEND: Backend = BACKENDS[0].name;

/** Every backend's own options, as one zod shape that commands merge into theirs. */
export const BACKEND_OPTIONS = z.object({
  ...ollama.options.shape,
  ...openai.options.shape,
  ...bedrock.options.shape,
});

export type BackendOptions = z.infer<typeof BACKEND_OPTIONS>;

const longName = (flag: BackendFlag) => flag.flags.split(/[ ,]/)[0] ?? flag.flags;

/**
 * Every backend's flags, each once, after checking that a flag has one meaning on every backend: two
 * backends may take the same flag only by sharing one declaration (the same flag and schema objects), so
 * neither can silently win over the other in BACKEND_OPTIONS or clash in commander. Throws at startup.
 */
export function checkedBackendFlags(entries: readonly BackendEntry[]): BackendFlag[] {
  const seen = new Map<string, { backend: string; flag: BackendFlag; schema: unknown }>();
  for (const entry of entries) {
    for (const flag of entry.flags) {
      const name = longName(flag);
      const commanderKey = new Option(flag.flags).attributeName();
      if (commanderKey !== flag.key) {
        throw new Error(
          `backend ${entry.name} declares ${name} under the key ${flag.key}; commander gives it as ${commanderKey}`,
        );
      }
      const schema = entry.options.shape[flag.key];
      if (!schema) throw new Error(`backend ${entry.name} declares ${name} but no option ${flag.key}`);
      const before = seen.get(name) ?? [...seen.values()].find((other) => other.flag.key === flag.key);
      if (!before) {
        seen.set(name, { backend: entry.name, flag, schema });
      } else if (before.flag !== flag || before.schema !== schema) {
        throw new Error(
          `backends ${before.backend} and ${entry.name} both declare ${name}, differently: a flag has one meaning on every backend (declare it once and share it)`,
        );
      }
    }
  }
  return [...seen.values()].map(({ flag }) => flag);
}

/** Every backend's own flags, each once, in registry order. */
export const BACKEND_FLAGS: readonly BackendFlag[] = checkedBackendFlags(BACKENDS as readonly BackendEntry[]);

export function backendEntry(name: Backend): BackendEntry {
  const entry = BACKENDS.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`unknown backend ${name}`);
  return entry as BackendEntry;
}

export const isBackend = (name: string): name is Backend => (BACKEND_NAMES as string[]).includes(name);

/** "ollama or bedrock", "ollama, bedrock or openai". */
export function backendChoices(): string {
  const names = [...BACKEND_NAMES];
  const last = names.pop();
  return names.length ? `${names.join(', ')} or ${last}` : String(last);
}

/** The zod enum of a flag naming a backend, with the one-line error that lists the choices. */
export const backendSchema = (flag: string) => z.enum(BACKEND_NAMES, { error: `${flag} must be ${backendChoices()}` });

/** The --model and --judge-model help: each backend's default, as a person would name it. */
export const modelHelp = {
  agent: `agent model (default: ${BACKENDS.map((e) => `${e.defaults.agentLabel} on ${e.name}`).join(', ')})`,
  judge: `judge model (default: ${BACKENDS.map((e) => `${e.defaults.judgeLabel ?? 'the agent model'} on ${e.name}`).join(', ')})`,
};

/** The backends each role of a command runs on (calibrate runs judges only). */
export interface RolesOn {
  agents: readonly Backend[];
  judges: readonly Backend[];
}

const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/**
 * The one-line refusal of a backend flag nothing would honour: a flag of a backend no role runs on, or a
 * flag setting one role (--think) given when that role runs elsewhere. Undefined when every given flag is used.
 */
export function unusedBackendFlags(given: Record<string, unknown>, on: RolesOn): string | undefined {
  const isGiven = (flag: BackendFlag) => given[flag.key] !== undefined;
  for (const entry of BACKENDS as readonly BackendEntry[]) {
    const name = entry.name as Backend;
    const runs = { agent: on.agents.includes(name), judge: on.judges.includes(name) };
    if (!runs.agent && !runs.judge) {
      if (!entry.flags.some(isGiven)) continue;
      const names = entry.flags.map(longName);
      const need = names.length > 1 ? 'need' : 'needs';
      return `${listed(names)} ${need} --backend ${name} or --judge-backend ${name}`;
    }
    const unset = entry.flags.find((flag) => isGiven(flag) && flag.role && !runs[flag.role]);
    if (unset?.role) {
      return `${longName(unset)} is for ${unset.role === 'agent' ? 'an agent' : 'a judge'} on ${name}, and no ${unset.role} runs on ${name} here`;
    }
  }
  return undefined;
}

/**
 * The calls a run keeps in flight: what each backend it uses takes at once for --concurrency (several
 * Ollama hosts take --concurrency each, or their own `#N`); the widest backend sets the pace.
 */
export function runConcurrency(concurrency: number, options: BackendOptions, used: readonly Backend[]): number {
  const widths = used.map((name) => {
    const entry = backendEntry(name);
    return entry.callsAtOnce ? entry.callsAtOnce(entry.options.parse(options), concurrency) : concurrency;
  });
  return Math.max(concurrency, ...widths);
}
