import { onStdoutClosed } from '../output/stdout.ts';

/**
 * The shell's code for each way a run is stopped: 128 + the signal's number. A closed stdout (EPIPE) is what
 * SIGPIPE would have been (Node ignores that signal), so it gets 141, never a code that means a verdict.
 */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, EPIPE: 141 } as const;
export type StopSignal = keyof typeof EXIT_CODES;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** How the stop line names what stopped the run. */
export function stopCause(signal: StopSignal): string {
  return signal === 'EPIPE' ? 'stdout closed (EPIPE)' : signal;
}

/**
 * On Ctrl-C, SIGTERM or a closed stdout (`| head -1`): runs `save` (which must be synchronous: nothing async
 * runs after this), prints its line on stderr and exits with the shell's code for that cause. Calls in
 * flight are abandoned; every result that completed was already saved. Returns a function that removes the
 * handlers.
 */
export function onInterrupt(save: (signal: StopSignal) => string): () => void {
  const handler = (signal: StopSignal) => {
    let line: string;
    try {
      line = save(signal);
    } catch (error) {
      line = `evalpacks: ${stopCause(signal)}: could not save the run: ${(error as Error).message}`;
    }
    process.stderr.write(`${line}\n`);
    process.exit(EXIT_CODES[signal]);
  };
  for (const signal of SIGNALS) process.once(signal, handler);
  const stopListening = onStdoutClosed(() => handler('EPIPE'));
  return () => {
    for (const signal of SIGNALS) process.off(signal, handler);
    stopListening();
  };
}
