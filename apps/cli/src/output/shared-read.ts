import type { CaseResult } from '@evalpacks/core';

/**
 * One read of a run's results shared by several readers (the file reports): each reader gets its own
 * iterable, a result is read from the source once, when the first reader reaches it, and kept only until
 * the last reader has taken it. Readers that advance together (see writeTogether) keep one or two results
 * held, however many the run has. Each reader reads its results once.
 */
export class SharedRead {
  private readonly source: Iterator<CaseResult>;
  private readonly held: CaseResult[] = [];
  /** The index (in the source) of held[0]. */
  private first = 0;
  private ended = false;
  /** How many results each reader has taken; a finished reader holds nothing back. */
  private readonly taken: number[];
  private readonly finished: boolean[];

  constructor(results: Iterable<CaseResult>, readers: number) {
    this.source = results[Symbol.iterator]();
    this.taken = Array.from({ length: readers }, () => 0);
    this.finished = Array.from({ length: readers }, () => false);
  }

  /** How many results `reader` has taken so far. */
  takenBy(reader: number): number {
    return this.taken[reader] ?? 0;
  }

  /** The results as `reader` reads them, from the first. */
  reader(reader: number): Iterable<CaseResult> {
    return {
      [Symbol.iterator]: () => ({
        next: (): IteratorResult<CaseResult> => {
          const value = this.take(reader);
          return value === undefined ? { done: true, value: undefined } : { done: false, value };
        },
      }),
    };
  }

  isFinished(reader: number): boolean {
    return this.finished[reader] ?? true;
  }

  /** `reader` reads no more: what it did not take is no longer kept for it. */
  finish(reader: number): void {
    this.finished[reader] = true;
    this.release();
  }

  private take(reader: number): CaseResult | undefined {
    const index = this.takenBy(reader);
    while (index >= this.first + this.held.length) {
      if (this.ended) return undefined;
      const next = this.source.next();
      if (next.done) {
        this.ended = true;
        return undefined;
      }
      this.held.push(next.value);
    }
    const value = this.held[index - this.first];
    this.taken[reader] = index + 1;
    this.release();
    return value;
  }

  /** Drops the results every reader still reading has taken. */
  private release(): void {
    let lowest = Number.POSITIVE_INFINITY;
    for (const [reader, taken] of this.taken.entries()) if (!this.finished[reader]) lowest = Math.min(lowest, taken);
    const drop = Math.min(
      this.held.length,
      (Number.isFinite(lowest) ? lowest : this.first + this.held.length) - this.first,
    );
    if (drop > 0) {
      this.held.splice(0, drop);
      this.first += drop;
    }
  }
}

/** Where a report's text goes, a part at a time: text, or bytes already UTF-8. */
export interface PartSink {
  write(part: string | Uint8Array): void;
}

/** Lets the event loop turn every this many milliseconds of writing (a signal, a timer). */
const TURN_MS = 50;

/**
 * Writes several reports from one read of `results`: each report's parts are drawn in turn, a reader that
 * takes a result none of the others has taken yet waits there until they catch up, so the results are read
 * once and at most a couple are held. `reports[i]` makes its parts from the results it is given.
 */
export async function writeTogether(
  results: Iterable<CaseResult>,
  reports: readonly {
    parts: (results: Iterable<CaseResult>) => Iterable<string | Uint8Array>;
    sink: PartSink;
    /** The report reads what it writes on its own, never the shared results: nothing is kept for it. */
    ownRead?: boolean;
  }[],
): Promise<void> {
  const shared = new SharedRead(results, reports.length);
  const drawing = reports.map((report, index) => {
    if (report.ownRead) shared.finish(index);
    return { parts: report.parts(shared.reader(index))[Symbol.iterator](), sink: report.sink, index, done: false };
  });
  let frontier = 0;
  let turned = Date.now();
  let open = drawing;
  while (open.length > 0) {
    for (const report of open) {
      for (;;) {
        const step = report.parts.next();
        if (step.done) {
          report.done = true;
          shared.finish(report.index);
          break;
        }
        report.sink.write(step.value);
        const taken = shared.takenBy(report.index);
        if (taken > frontier) {
          frontier = taken;
          break;
        }
        // A report that reads on its own goes on here, and lets the loop turn as often as the others.
        if (Date.now() - turned >= TURN_MS) break;
      }
      if (Date.now() - turned >= TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = Date.now();
      }
    }
    open = open.filter((report) => !report.done);
  }
}
