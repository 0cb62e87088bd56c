import type { CommandIo } from './command-io.ts';

const listeners = new Set<() => void>();
let closed = false;

/** Whether an output stream's error says its reader has gone (`| head -1` exited). */
export function readerGone(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** Calls `listener` once, when stdout's reader has gone; returns how to stop listening. */
export function onStdoutClosed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The CLI's stdout as commands write to it. A reader that goes away makes a write fail with EPIPE, an error
 * event Node would otherwise throw as a crash. From then on writes are dropped and the listeners are told: a
 * run being recorded stops as an interrupt does (persistence/interrupts.ts); a command with nothing to stop goes
 * on to its end and exits with its own code.
 */
export function stdoutIo(stream: NodeJS.WriteStream = process.stdout): CommandIo {
  stream.on('error', (error) => {
    if (!readerGone(error)) throw error;
    if (closed) return;
    closed = true;
    for (const listener of [...listeners]) listener();
  });
  return {
    write: (text) => {
      if (!closed) stream.write(text);
    },
    isTTY: Boolean(stream.isTTY),
  };
}
