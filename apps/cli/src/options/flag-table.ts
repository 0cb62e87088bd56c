import { type Command, Option } from 'commander';
import type { z } from 'zod';

/** Every command whose flags come from a table, in the order `--help` and the CLI reference list them. */
export const COMMANDS = ['eval', 'compare', 'calibrate', 'merge', 'history', 'lint-pack', 'new-domain'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** What a flag is or says on one command where it differs from its entry (a wider help, another default). */
export interface FlagOnCommand {
  help?: string;
  schema?: z.ZodType;
  default?: string;
}

/**
 * One flag, declared once: commander's spelling, the zod schema its value is read with (with its default),
 * its help, the commands that take it and whether `eval --resume` reuses it from the stored run. The
 * commander option, the `--help` line, the option schema's key (the flag in camelCase, as commander gives
 * it and the engine API takes it) and the CLI reference are all made from it.
 */
export interface FlagSpec {
  /** Commander's spelling: `--store <path>`, `--no-cache`, `--resume [run]`, `--runs <ids...>`. */
  flags: string;
  help: string;
  schema: z.ZodType;
  commands: readonly CommandName[];
  /** `eval --resume` takes it from the stored run unless given again (what a run computes, where, at what cost). */
  resume?: boolean;
  /** The default as help names it, where the schema cannot hold it (`$EVALPACKS_STORE or ...`, `--backend`). */
  default?: string;
  /** Given more than once, every value is kept (as a list); else the last one counts. */
  repeatable?: boolean;
  /** false: the command line acts on it itself (--list), so no engine option or schema key reads it. */
  engine?: false;
  /** Where a command reads or describes it differently. */
  on?: Partial<Record<CommandName, FlagOnCommand>>;
}

export type FlagTable = Record<string, FlagSpec>;

/** The key commander gives a flag's value: `--max-turns` is maxTurns, `--no-cache` is cache. */
export const keyOf = (flags: string): string => new Option(flags).attributeName();

/** A flag's long name: `--store` of `--store <path>`. */
export const longName = (flags: string): string => flags.split(/[ ,]/)[0] ?? flags;

/**
 * A table with its keys checked against commander's: each key must be the flag's own camelCase name, so
 * what commander gives, what the schema reads and what the engine API takes are one name. Throws at startup.
 */
export function defineFlags<const T extends FlagTable>(table: T): T {
  for (const [key, spec] of Object.entries(table)) {
    if (keyOf(spec.flags) !== key) {
      throw new Error(
        `flag ${longName(spec.flags)} is declared under ${key}; commander gives it as ${keyOf(spec.flags)}`,
      );
    }
  }
  return table;
}

type SchemaOn<F extends FlagSpec, C extends CommandName> = F extends {
  on: { [P in C]: { schema: infer S extends z.ZodType } };
}
  ? S
  : F['schema'];

/** The zod shape of one command's flags in a table: each key with its schema on that command. */
export type ShapeFor<T extends FlagTable, C extends CommandName> = {
  [K in keyof T as T[K] extends { engine: false } ? never : C extends T[K]['commands'][number] ? K : never]: SchemaOn<
    T[K],
    C
  >;
};

export const takes = (spec: FlagSpec, command: CommandName): boolean => spec.commands.includes(command);

/** The option schema's shape of a command's flags in a table, to spread into its z.object. */
export function shapeFor<T extends FlagTable, C extends CommandName>(table: T, command: C): ShapeFor<T, C> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, spec] of Object.entries(table)) {
    if (takes(spec, command) && spec.engine !== false) shape[key] = spec.on?.[command]?.schema ?? spec.schema;
  }
  return shape as ShapeFor<T, C>;
}

/** The default a flag takes on a command, as help states it: the schema's own, else the entry's words. */
export function defaultOf(spec: FlagSpec, command: CommandName): string | undefined {
  const on = spec.on?.[command];
  const words = on?.default ?? spec.default;
  if (words !== undefined) return words;
  const parsed = (on?.schema ?? spec.schema).safeParse(undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  // A switch is off unless given (and a --no- switch on): saying so adds nothing.
  if (value === undefined || typeof value === 'boolean') return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A flag's help on a command, its default appended: `model calls in flight at once (default 4)`. */
export function helpOf(spec: FlagSpec, command: CommandName): string {
  const help = spec.on?.[command]?.help ?? spec.help;
  const given = defaultOf(spec, command);
  return given === undefined ? help : `${help} (default ${given})`;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The flags of `name` in these tables, in table order, each once; a flag declared twice for one command throws. */
export function flagsOf(name: CommandName, tables: readonly FlagTable[]): [string, FlagSpec][] {
  const seen = new Map<string, string>();
  const found: [string, FlagSpec][] = [];
  for (const table of tables) {
    for (const [key, spec] of Object.entries(table)) {
      if (!takes(spec, name)) continue;
      const flag = longName(spec.flags);
      if (seen.has(flag)) throw new Error(`${name}: ${flag} is declared twice; a flag has one entry`);
      seen.set(flag, key);
      found.push([key, spec]);
    }
  }
  return found;
}

/** Adds a command's flags from the tables as commander Option objects. */
export function addFlags(command: Command, name: CommandName, tables: readonly FlagTable[]): Command {
  for (const [, spec] of flagsOf(name, tables)) {
    const option = new Option(spec.flags, helpOf(spec, name));
    command.addOption(spec.repeatable ? option.argParser(collect) : option);
  }
  return command;
}
