const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;

/** What a scanned string left: its text as written (escapes undecoded), and what was only counted. */
export interface ScannedString {
  raw: Buffer;
  escaped: boolean;
  /** Characters past what was kept (UTF-16 units, as JavaScript counts them). */
  counted: number;
}

/**
 * One JSON string read a chunk at a time, from after its opening quote: its bytes kept up to `keepBytes`
 * (ending on a whole character), past that only counted, never held; or, skipping, only found the end of.
 * The hot loop of reading a large file: its state lives in locals while a chunk is read.
 */
export class StringScanner {
  private parts: Buffer[] = [];
  private keptBytes = 0;
  private escaped = false;
  private afterBackslash = false;
  private hexLeft = 0;
  private counting = false;
  private counted = 0;
  private skipping = false;
  /** The string's bytes when it began and ended in one chunk: read from it, no copy. */
  private whole: Buffer | undefined;

  constructor(private readonly keepBytes: number) {}

  begin(skip: boolean): void {
    this.parts = [];
    this.keptBytes = 0;
    this.escaped = false;
    this.afterBackslash = false;
    this.hexLeft = 0;
    this.counting = false;
    this.counted = 0;
    this.skipping = skip;
    this.whole = undefined;
  }

  /** Reads from `from`: the index after the closing quote when the string ends in `chunk`, else -1. */
  read(chunk: Buffer, from: number): number {
    if (this.skipping) return this.skip(chunk, from);
    let i = from;
    let hexLeft = this.hexLeft;
    let afterBackslash = this.afterBackslash;
    const length = chunk.length;
    if (!this.counting) {
      const room = this.keepBytes - this.keptBytes + from;
      for (; i < length; i++) {
        const byte = chunk[i] as number;
        if (hexLeft > 0) hexLeft--;
        else if (afterBackslash) {
          afterBackslash = false;
          if (byte === U) hexLeft = 4;
        } else if (byte === BACKSLASH) {
          afterBackslash = true;
          this.escaped = true;
        } else if (byte === QUOTE) {
          if (this.parts.length === 0) this.whole = chunk.subarray(from, i);
          else this.keep(chunk, from, i);
          return i + 1;
        } else if (i >= room && (byte & 0xc0) !== 0x80) {
          this.counting = true;
          break;
        }
      }
      this.keep(chunk, from, i);
    }
    let counted = this.counted;
    for (; i < length; i++) {
      const byte = chunk[i] as number;
      if (hexLeft > 0) hexLeft--;
      else if (afterBackslash) {
        afterBackslash = false;
        counted++;
        if (byte === U) hexLeft = 4;
      } else if (byte === BACKSLASH) afterBackslash = true;
      else if (byte === QUOTE) {
        this.counted = counted;
        return i + 1;
      }
      // A UTF-8 sequence is one character where it starts; a 4-byte one is two UTF-16 units.
      else if ((byte & 0xc0) !== 0x80) counted += byte >= 0xf0 ? 2 : 1;
    }
    this.counted = counted;
    this.hexLeft = hexLeft;
    this.afterBackslash = afterBackslash;
    return -1;
  }

  /** The string as read; only once it ended. */
  finish(): ScannedString {
    const raw = this.whole ?? (this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts));
    this.parts = [];
    this.whole = undefined;
    return { raw, escaped: this.escaped, counted: this.counted };
  }

  /** Finds the closing quote only (hex digits hold no quote or backslash, so only `\` needs minding). */
  private skip(chunk: Buffer, from: number): number {
    let afterBackslash = this.afterBackslash;
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (afterBackslash) afterBackslash = false;
      else if (byte === BACKSLASH) afterBackslash = true;
      else if (byte === QUOTE) return i + 1;
    }
    this.afterBackslash = afterBackslash;
    return -1;
  }

  /** Keeps a copy: the chunk's buffer is read into again. */
  private keep(chunk: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.parts.push(Buffer.from(chunk.subarray(from, to)));
    this.keptBytes += to - from;
  }
}
