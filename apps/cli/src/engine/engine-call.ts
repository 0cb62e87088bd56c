import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { InputError } from '@evalpacks/core';
import { redactUrls, visible } from '@evalpacks/core/report';
import { InfrastructureError } from '@evalpacks/core/runner';
import type { CommandIo } from '../output/command-io.ts';
import { formatError } from '../report-error.ts';
import type { EngineEvent, EventListener } from '../run/run-events.ts';
import { UsageError } from '../usage-error.ts';
import { EvalpacksError, type EvalpacksErrorKind } from './evalpacks-error.ts';

/** Where an engine call's console output goes: a stream such as process.stdout, or anything with `write`. */
export interface OutputTarget {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** What an engine call takes besides its command's options. */
export interface EngineCall {
  /**
   * Where the console output goes (the run's header, case blocks, progress and summary; compare's report).
   * Default: process.stdout when `reporter` names console, else nowhere: the API prints nothing unasked.
   */
  io?: OutputTarget;
  /** Told of the run as it goes (see EngineEvent). An error it throws ends the call with that error, after the run. */
  onEvent?: (event: EngineEvent) => void;
}

const SILENT: CommandIo = { write: () => {}, isTTY: false };

function namesConsole(reporter: unknown): boolean {
  const names = [reporter].flat().filter((name): name is string => typeof name === 'string');
  return names.some((name) => name.split(',').some((part) => part.trim() === 'console'));
}

function commandIo(target: OutputTarget | undefined, raw: Record<string, unknown>): CommandIo {
  const chosen = target ?? (namesConsole(raw.reporter) ? process.stdout : undefined);
  if (!chosen) return { ...SILENT };
  return { write: (text) => void chosen.write(text), isTTY: Boolean(chosen.isTTY) };
}

/** The caller's listener, kept from breaking the run: its first error is held and thrown once the call ends. */
function guarded(listener: EventListener | undefined) {
  let failure: { error: unknown } | undefined;
  const onEvent: EventListener = (event) => {
    if (failure || !listener) return;
    try {
      listener(event);
    } catch (error) {
      failure = { error };
    }
  };
  return { onEvent, failure: () => failure };
}

function kindOf(error: unknown): EvalpacksErrorKind {
  if (error instanceof UsageError) return 'usage';
  if (error instanceof InputError) return 'input';
  if (error instanceof InfrastructureError) return 'infrastructure';
  return 'unexpected';
}

/** The error as the CLI reports it: its one line (without `evalpacks: `), or for a bug its message without the stack. */
function asEvalpacksError(error: unknown): EvalpacksError {
  if (error instanceof EvalpacksError) return error;
  const kind = kindOf(error);
  const line =
    kind === 'unexpected'
      ? visible(redactUrls(`unexpected error: ${error instanceof Error ? error.message : String(error)}`))
      : formatError(error).replace(/^evalpacks: /, '');
  return new EvalpacksError(line, kind, { cause: error });
}

/** How a command is called from code. */
export interface EngineCommand<Result> {
  /** The command's option schema's shape: the names it takes. */
  shape: Record<string, unknown>;
  /** The API's defaults where they differ from the command line's (eval's reporter: none). */
  defaults?: Record<string, unknown>;
  /** Options that name a file or folder. */
  paths: readonly string[];
  /** Options that name a prompt variant (or `core`) or else a file: read as a file only when one exists. */
  namesOrFiles?: readonly string[];
  run: (raw: Record<string, unknown>, io: CommandIo) => Promise<Result>;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * The options with every relative path made absolute against the working directory. The CLI reads them
 * from the folder the command was typed in (INIT_CWD under pnpm); code means the process's own folder,
 * whichever script started it (`pnpm --filter app test` from the root keeps the root in INIT_CWD).
 */
function fromWorkingDirectory<Result>(given: Record<string, unknown>, command: EngineCommand<Result>) {
  const absolute = (value: unknown, onlyFiles: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => absolute(item, onlyFiles));
    if (typeof value !== 'string' || isAbsolute(value)) return value;
    const path = resolve(value);
    return !onlyFiles || isFile(path) ? path : value;
  };
  const read = { ...given };
  for (const key of command.paths) if (key in read) read[key] = absolute(read[key], false);
  for (const key of command.namesOrFiles ?? []) if (key in read) read[key] = absolute(read[key], true);
  return read;
}

/**
 * One engine call from code: the options checked for names no flag has, the API's defaults under what was
 * given, relative paths read from the working directory, the output and events wired, and every error
 * turned into an EvalpacksError with the CLI's line.
 */
export async function engineCall<Result>(options: EngineCall, command: EngineCommand<Result>): Promise<Result> {
  const { io, onEvent, ...given } = options as EngineCall & Record<string, unknown>;
  const listener = guarded(onEvent);
  let result: Result;
  try {
    const unknown = Object.keys(given).find((key) => !Object.hasOwn(command.shape, key));
    if (unknown !== undefined) {
      throw new UsageError(
        `unknown option "${unknown}": options are the flags in camelCase (--ollama-host is ollamaHost)`,
      );
    }
    const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const raw = { ...command.defaults, ...fromWorkingDirectory(set, command) };
    // Always listened to, so a backend's warnings become events rather than stderr lines.
    result = await command.run(raw, { ...commandIo(io, raw), onEvent: listener.onEvent });
  } catch (error) {
    throw asEvalpacksError(error);
  }
  // The caller's own error, as it threw it.
  const failure = listener.failure();
  if (failure) throw failure.error;
  return result;
}
