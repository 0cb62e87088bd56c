import type { Command } from 'commander';
import { z } from 'zod';
import type { BackendEntry, BackendFlag } from './backend-entry.ts';
import { bedrock } from './bedrock/entry.ts';
import { ollama } from './ollama/entry.ts';
import { openai } from './openai/entry.ts';

/**
 * Every backend the CLI can run models on, the first being the default. Adding one: a folder beside
 * ollama/ with its entry, then one line here and its options in BACKEND_OPTIONS.
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

/** Every backend's own flags, in registry order. */
export const BACKEND_FLAGS: readonly BackendFlag[] = BACKENDS.flatMap((entry) => entry.flags);

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

/** "a flag of a backend no role runs on": the one-line refusal, or undefined when every given flag is used. */
export function unusedBackendFlags(given: Record<string, unknown>, used: readonly Backend[]): string | undefined {
  for (const entry of BACKENDS) {
    if (!entry.flagsNeedIt || used.includes(entry.name)) continue;
    if (!entry.flags.some((flag) => given[flag.key] !== undefined)) continue;
    const names = entry.flags.map((flag) => flag.flags.split(' ')[0]);
    const last = names.pop();
    const list = names.length ? `${names.join(', ')} and ${last}` : last;
    return `${list} ${names.length ? 'need' : 'needs'} --backend ${entry.name} or --judge-backend ${entry.name}`;
  }
  return undefined;
}

/** Adds every backend's own flags to a command, after its --backend and model flags. */
export function withBackendFlags(command: Command): Command {
  const repeated = (value: string, previous: string[] = []) => [...previous, value];
  for (const flag of BACKEND_FLAGS) {
    if (flag.repeatable) command.option(flag.flags, flag.help, repeated);
    else command.option(flag.flags, flag.help);
  }
  return command;
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
