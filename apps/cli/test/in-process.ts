import type { CommandIo } from '../src/commands/eval.ts';
import { formatError } from '../src/report-error.ts';

/**
 * Output sink for commands run inside the test process. Subprocess tests prove the exit codes; failures
 * that stop a command before any model call are checked in-process, where they cost milliseconds.
 */
export const quietIo: CommandIo = { write: () => {}, isTTY: false };

/** The one line the CLI would print on stderr for the command's failure. */
export async function failureOf(command: () => Promise<unknown>): Promise<string> {
  try {
    await command();
  } catch (error) {
    return formatError(error);
  }
  throw new Error('expected the command to fail');
}
