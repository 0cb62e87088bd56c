/** Where a command writes what a person reads, and whether that is a terminal (for colour). */
export interface CommandIo {
  write: (text: string) => void;
  isTTY: boolean;
}
