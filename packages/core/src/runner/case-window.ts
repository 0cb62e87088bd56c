import pLimit from 'p-limit';

/**
 * Case runs in progress at once (started, not yet handed out): each holds its transcript until it is
 * judged, so this, not the run's size, bounds what a run holds. Far above what keeps the call pool busy
 * (a case makes a few calls in a row), far below the 30,000 case runs of a large run.
 */
export const CASE_WINDOW = 1000;

/** Each case calls it once its agent run is over; phased, it resolves when every case has called it. */
function agentBarrier(phased: boolean, runs: number): () => Promise<void> {
  if (!phased) return async () => {};
  let left = runs;
  let release: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    left -= 1;
    if (left <= 0) release();
    return allDone;
  };
}

/**
 * Runs `run` on every item with at most `size` in progress, results in item order. Interleaved, a new
 * item starts as soon as one is over. Phased (every agent answer before any judge call, so a server
 * holding one model loads each once), the items run a window at a time: its agent runs, then its
 * judging, then the next window; a switch of models per window instead of per case, and never every
 * transcript of the run waiting in memory for the judge. A failure stops what has not started.
 */
export async function runInWindows<T, R>(
  items: readonly T[],
  options: { size: number; phased: boolean },
  run: (item: T, agentDone: () => Promise<void>) => Promise<R>,
): Promise<R[]> {
  if (!options.phased) {
    const admit = pLimit(options.size);
    const noBarrier = agentBarrier(false, 0);
    return Promise.all(
      items.map((item) =>
        admit(() =>
          run(item, noBarrier).catch((error: unknown) => {
            admit.clearQueue();
            throw error;
          }),
        ),
      ),
    );
  }
  const results: R[] = [];
  for (let first = 0; first < items.length; first += options.size) {
    const window = items.slice(first, first + options.size);
    const agentDone = agentBarrier(true, window.length);
    results.push(...(await Promise.all(window.map((item) => run(item, agentDone)))));
  }
  return results;
}
