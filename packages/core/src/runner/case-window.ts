import pLimit from 'p-limit';

/**
 * Case runs in progress at once (started, not yet handed out): each holds its transcript until it is
 * judged, so this, not the run's size, bounds what a run holds. Far above what keeps the call pool busy
 * (a case makes a few calls in a row), far below the 30,000 case runs of a large run.
 */
export const CASE_WINDOW = 1000;

/**
 * One case run's part in the phased barrier. `agentOver` says that its agent will make no more model calls
 * (once its last call has left, or its run has ended; saying it again changes nothing); `judgingMayStart`
 * resolves when the judging may start: at once, interleaved; phased, once every case run of the window has
 * said so.
 */
export interface AgentPhase {
  agentOver(): void;
  judgingMayStart(): Promise<void>;
}

function agentBarrier(phased: boolean, runs: number): () => AgentPhase {
  if (!phased) {
    const open = Promise.resolve();
    return () => ({ agentOver: () => {}, judgingMayStart: () => open });
  }
  let left = runs;
  let release: () => void = () => {};
  const allOver = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (left <= 0) release();
  return () => {
    let over = false;
    return {
      agentOver: () => {
        if (over) return;
        over = true;
        left -= 1;
        if (left === 0) release();
      },
      judgingMayStart: () => allOver,
    };
  };
}

/**
 * Runs `run` on every item with at most `size` in progress, results in item order. Interleaved, a new
 * item starts as soon as one is over. Phased (every agent call leaves before any judge call, so a server
 * holding one model loads each once), the items run a window at a time: its agent runs, then its
 * judging, then the next window; a switch of models per window instead of per case, and never every
 * transcript of the run waiting in memory for the judge. A failure stops what has not started.
 */
export async function runInWindows<T, R>(
  items: readonly T[],
  options: { size: number; phased: boolean },
  run: (item: T, phase: AgentPhase) => Promise<R>,
): Promise<R[]> {
  if (!options.phased) {
    const admit = pLimit(options.size);
    const unphased = agentBarrier(false, 0);
    return Promise.all(
      items.map((item) =>
        admit(() =>
          run(item, unphased()).catch((error: unknown) => {
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
    const phase = agentBarrier(true, window.length);
    results.push(...(await Promise.all(window.map((item) => run(item, phase())))));
  }
  return results;
}
