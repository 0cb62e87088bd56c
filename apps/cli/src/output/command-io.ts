import { visible } from '@evalpacks/core/report';

/** Where a command writes what a person reads, and whether that is a terminal (for colour). */
export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
}

/**
 * The io of a command that prints no colour: everything it writes made visible first, since its lines
 * carry text from labels, stores and files (judge reasoning, notes, run and case names).
 */
export function visibleIo(io: CommandIo): CommandIo {
  return { write: (text) => io.write(visible(text)), isTTY: io.isTTY };
}
