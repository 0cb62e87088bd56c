import type { CaseResult } from '@evalpacks/core';
import { resultStanding, STRUCTURAL_ONLY } from '@evalpacks/core/grade';
import type { createLogUpdate } from 'log-update';
import type { RoleCostOf } from '../cost/stored-cost.ts';

/**
 * How a run shows its progress: `live`, one line redrawn in place below the case blocks (a terminal);
 * `plain`, a line every 10% of the cases or every 30 s (CI logs, pipes); `off` (--quiet, or no console).
 */
export type ProgressMode = 'live' | 'plain' | 'off';

/** How the progress shows, with what draws the live line (log-update) once loaded. */
export type ProgressDisplay = { mode: 'plain' | 'off' } | { mode: 'live'; draw: typeof createLogUpdate };

/**
 * The display for `mode`. log-update (and the string-width, emoji and ANSI code it brings, ~10 ms to load) is
 * loaded only for a terminal: started before the run connects, it loads while the preflight requests wait.
 */
export async function loadProgressDisplay(mode: ProgressMode): Promise<ProgressDisplay> {
  if (mode !== 'live') return { mode };
  const { createLogUpdate } = await import('log-update');
  return { mode, draw: createLogUpdate };
}

export interface ProgressFeed {
  /** Cases x epochs this process will run. */
  total: number;
  /** Model calls sent and not answered yet. */
  inFlight: () => number;
  /** Model calls not sent yet: waiting for a free server slot, or out a retry's backoff. */
  waiting?: () => number;
  /** Where they are, when the backends say: ` on 2 of 3 ollama hosts`. */
  where?: () => string;
  costOf: RoleCostOf;
}

export interface Progress {
  /** Writes a case block (or any text) so the live line stays below it and never splits it. */
  write(text: string): void;
  /** Counts a finished case result. */
  result(result: CaseResult): void;
  /** Stops redrawing and takes the live line away, before the summary. */
  stop(): void;
}

interface Tally {
  done: number;
  passed: number;
  /** Passed their checks with judged items not judged: no pass (see CaseStanding). */
  structuralOnly: number;
  failed: number;
  errors: number;
  tokens: number;
  cost: number;
}

const PLAIN_EVERY_MS = 30_000;
const LIVE_EVERY_MS = 250;

function clock(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** The model calls of a progress line: `16 in flight on 2 of 3 ollama hosts, 4 waiting`. */
export interface CallsNow {
  inFlight: number;
  /** Shown only when some are. */
  waiting: number;
  where: string;
}

/** "12/200 cases (6%) · 11 passed, 1 failed, 0 errors · 16 in flight · 48,210 tokens · $0.0123 · 9s, ETA 2m21s" */
export function progressLine(tally: Tally, total: number, calls: CallsNow, elapsedMs: number): string {
  const share = total === 0 ? 100 : Math.floor((tally.done / total) * 100);
  const eta = tally.done === 0 ? '' : `, ETA ${clock((elapsedMs / tally.done) * (total - tally.done))}`;
  const waiting = calls.waiting > 0 ? `, ${calls.waiting} waiting` : '';
  const unjudged = tally.structuralOnly > 0 ? `${tally.structuralOnly} ${STRUCTURAL_ONLY}, ` : '';
  return [
    `${tally.done}/${total} cases (${share}%)`,
    `${tally.passed} passed, ${unjudged}${tally.failed} failed, ${tally.errors} errors`,
    `${calls.inFlight} in flight${calls.where}${waiting}`,
    `${tally.tokens.toLocaleString('en-US')} tokens`,
    `$${tally.cost.toFixed(4)}`,
    `${clock(elapsedMs)}${eta}`,
  ].join(' · ');
}

/** Starts showing the progress of a run; `write` is where its text goes (the console's stdout). */
export function startProgress(display: ProgressDisplay, write: (text: string) => void, feed: ProgressFeed): Progress {
  if (display.mode === 'off') return { write, result: () => {}, stop: () => {} };
  const started = performance.now();
  const tally: Tally = { done: 0, passed: 0, structuralOnly: 0, failed: 0, errors: 0, tokens: 0, cost: 0 };
  const calls = (): CallsNow => ({
    inFlight: feed.inFlight(),
    waiting: feed.waiting?.() ?? 0,
    where: feed.where?.() ?? '',
  });
  const line = () => progressLine(tally, feed.total, calls(), performance.now() - started);
  const count = (result: CaseResult) => {
    tally.done += 1;
    const standing = resultStanding(result);
    if (standing === 'passed') tally.passed += 1;
    else if (standing === 'structural-only') tally.structuralOnly += 1;
    else if (standing === 'failed') tally.failed += 1;
    else tally.errors += 1;
    const { usage, userUsage } = result.transcript;
    tally.tokens += usage.input + usage.output + result.judgeUsage.input + result.judgeUsage.output;
    tally.cost += (feed.costOf('agent', usage) ?? 0) + (feed.costOf('judge', result.judgeUsage) ?? 0);
    // A conversation's simulated user spends too (at its own model's price).
    if (userUsage) {
      tally.tokens += userUsage.input + userUsage.output;
      tally.cost += feed.costOf('user', userUsage) ?? 0;
    }
  };
  return display.mode === 'live'
    ? liveProgress(display.draw, write, line, count)
    : plainProgress(write, line, count, feed.total);
}

/** A line log-update redraws in place; it is cleared before each case block and drawn again after it. */
function liveProgress(
  draw: typeof createLogUpdate,
  write: (text: string) => void,
  line: () => string,
  count: (r: CaseResult) => void,
): Progress {
  // Everything goes through `write` (the console's stdout); the terminal's size decides how the line wraps. A
  // pseudo-terminal may report 0 x 0 (log-update would then draw nothing): its defaults, 80 x 24, apply.
  const stream = { write, columns: process.stdout.columns || undefined, rows: process.stdout.rows || undefined };
  const live = draw(stream as unknown as NodeJS.WritableStream, { showCursor: true });
  const redraw = () => live(line());
  const timer = setInterval(redraw, LIVE_EVERY_MS);
  timer.unref();
  redraw();
  let stopped = false;
  return {
    write(text) {
      if (stopped) return write(text);
      live.clear();
      write(text);
      redraw();
    },
    result(result) {
      count(result);
      redraw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      live.clear();
    },
  };
}

/** A line each time the run passes another tenth of its cases, and every 30 s when none finishes. */
function plainProgress(
  write: (text: string) => void,
  line: () => string,
  count: (r: CaseResult) => void,
  total: number,
): Progress {
  let tenths = 0;
  let printedAt = performance.now();
  const print = () => {
    printedAt = performance.now();
    write(`progress ${line()}\n`);
  };
  const timer = setInterval(() => {
    if (performance.now() - printedAt >= PLAIN_EVERY_MS) print();
  }, 1000);
  timer.unref();
  let done = 0;
  return {
    write,
    result(result) {
      count(result);
      done += 1;
      const reached = Math.floor((done / total) * 10);
      if (reached > tenths) {
        tenths = reached;
        print();
      }
    },
    stop() {
      clearInterval(timer);
    },
  };
}
