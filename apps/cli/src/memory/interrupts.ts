const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof EXIT_CODES;

/**
 * On Ctrl-C or SIGTERM: runs `save` (which must be synchronous: nothing async runs after this),
 * prints its line and exits with the shell's code for that signal. Calls in flight are abandoned;
 * every result that completed was already saved. Returns a function that removes the handlers.
 */
export function onInterrupt(save: (signal: StopSignal) => string): () => void {
  const handler = (signal: StopSignal) => {
    let line: string;
    try {
      line = save(signal);
    } catch (error) {
      line = `evalpacks: ${signal}: could not save the run: ${(error as Error).message}`;
    }
    process.stderr.write(`${line}\n`);
    process.exit(EXIT_CODES[signal]);
  };
  for (const signal of Object.keys(EXIT_CODES) as StopSignal[]) process.once(signal, handler);
  return () => {
    for (const signal of Object.keys(EXIT_CODES) as StopSignal[]) process.off(signal, handler);
  };
}
