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

/**
 * One engine call from code: the options checked for names no flag has, the API's defaults under what was
 * given, the output and events wired, and every error turned into an EvalpacksError with the CLI's line.
 * `shape` is the command's option schema's shape: the names it takes.
 */
export async function engineCall<Options extends EngineCall, Result>(
  options: Options,
  shape: Record<string, unknown>,
  defaults: Record<string, unknown>,
  run: (raw: Record<string, unknown>, io: CommandIo) => Promise<Result>,
): Promise<Result> {
  const { io, onEvent, ...given } = options;
  const listener = guarded(onEvent);
  let result: Result;
  try {
    const unknown = Object.keys(given).find((key) => !Object.hasOwn(shape, key));
    if (unknown !== undefined) {
      throw new UsageError(
        `unknown option "${unknown}": options are the flags in camelCase (--ollama-host is ollamaHost)`,
      );
    }
    const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const raw = { ...defaults, ...set };
    // Always listened to, so a backend's warnings become events rather than stderr lines.
    result = await run(raw, { ...commandIo(io, raw), onEvent: listener.onEvent });
  } catch (error) {
    throw asEvalpacksError(error);
  }
  // The caller's own error, as it threw it.
  const failure = listener.failure();
  if (failure) throw failure.error;
  return result;
}
