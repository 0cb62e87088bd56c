import { visible } from '@evalpacks/core/report';
import type { EventListener } from '../run/run-events.ts';

/**
 * Where a command writes what a person reads, and whether that is a terminal (for colour); and, for a
 * caller of the engine API, who hears its events (the CLI listens to none).
 */
export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
  /** Told of the run as it goes (see EngineEvent); with it, backend warnings become events instead of stderr lines. */
  onEvent?: EventListener;
}

/**
 * The io of a command that prints no colour: everything it writes made visible first, since its lines
 * carry text from labels, stores and files (judge reasoning, notes, run and case names).
 */
export function visibleIo(io: CommandIo): CommandIo {
  return { write: (text) => io.write(visible(text)), isTTY: io.isTTY };
}
