import { setMaxListeners } from 'node:events';

/**
 * The signal every delayed or hung reply of a stand-in waits on, aborted by close(). Hundreds of replies
 * waiting at once under load are expected, not a listener leak.
 */
export function closingController(): AbortController {
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);
  return closing;
}

interface Recorded<C, Rule> {
  calls: C[];
  script: { add(rule: Rule): void; clear(): void };
}

/**
 * The controls both stand-ins expose over their recorded calls and script: url, calls, script(), reset()
 * and an idempotent close() (`shutDown` runs once, however often close is called).
 */
export function standInControls<C, Rule>(port: number, state: Recorded<C, Rule>, shutDown: () => Promise<void>) {
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls(): readonly C[] {
      return state.calls;
    },
    script: (rule: Rule) => state.script.add(rule),
    reset: () => {
      state.script.clear();
      state.calls.length = 0;
    },
    close: () => {
      closed ??= shutDown();
      return closed;
    },
  };
}
