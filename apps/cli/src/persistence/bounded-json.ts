import { StringScanner } from './string-scanner.ts';

/** A string the reader cut to its limit: the characters kept, and how many the text had. */
export class CutText {
  constructor(
    readonly kept: string,
    readonly length: number,
  ) {}
}

/** Text that is not JSON, or JSON past a limit; `line` is where the reader was. */
export class BoundedJsonError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface JsonLimits {
  /** Characters kept of any one string; a longer one becomes a CutText. */
  maxChars: number;
  /**
   * Roughly the bytes of memory one value may take (its text, plus a few dozen bytes a container or a
   * string costs), counted apart for each element handed over and for the rest of the document.
   */
  maxBytes: number;
  /** Containers nested deeper than this are refused (whatever reads the value later recurses). */
  maxDepth: number;
}

export interface JsonHooks {
  /** The key of the top-level object whose array is handed over an element at a time, never held whole. */
  elementsOf?: string;
  /**
   * Each element of that array, with the byte offsets of its text (end exclusive), as it completes; its
   * value, or undefined with `skipElements`.
   */
  onElement?(value: unknown, start: number, end: number): void;
  /** Only find where each element is (checking its structure and depth): nothing of it is decoded or held. */
  skipElements?: boolean;
  /** Each key of the top-level object, as it is read (before its value). */
  onKey?(key: string): void;
  /** Each value of the top-level object, as it completes (the elements' array is empty). */
  onField?(key: string, value: unknown): void;
}

interface Frame {
  value: Record<string, unknown> | unknown[];
  /** The key whose value is being read, in an object. */
  key?: string;
  /** An array whose elements are handed over (JsonHooks.elementsOf). */
  handedOver: boolean;
}

/** What the reader expects next, outside strings and literals. */
const Expect = { Value: 0, ValueOrClose: 1, KeyOrClose: 2, Key: 3, Colon: 4, CommaOrClose: 5, End: 6 } as const;
type Expect = (typeof Expect)[keyof typeof Expect];

const QUOTE = 0x22;
/** A container's or a string's cost beyond its text, for the memory estimate. */
const OVERHEAD = 48;
const MAX_LITERAL = 100;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A JSON reader fed a chunk at a time, which holds only what it keeps: any string past `maxChars` is kept
 * cut (the rest is counted, never held), one array's elements are handed over one at a time, and a value
 * larger or deeper than the limits is refused. So a file of any size is read in bounded memory, where
 * JSON.parse holds the whole text and every string in it.
 */
export class BoundedJsonReader {
  private stack: Frame[] = [];
  private expect: Expect = Expect.Value;
  private root: unknown;
  private line = 1;
  /** The absolute offset of the current chunk's first byte. */
  private base: number;
  private inElement = false;
  private elementStart = 0;
  private elementHeld = 0;
  private documentHeld = 0;
  /** Inside an element that is only delimited (skipElements). */
  private skipping = false;
  // The string being read.
  private inString = false;
  private stringIsKey = false;
  private readonly string: StringScanner;
  // The number or literal being read.
  private literal: string | undefined;

  constructor(
    private readonly limits: JsonLimits,
    private readonly hooks: JsonHooks = {},
    startOffset = 0,
  ) {
    this.base = startOffset;
    // An escape (\uXXXX) is the longest text of one character: this many bytes always decode to maxChars.
    this.string = new StringScanner(6 * limits.maxChars);
  }

  write(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        const end = this.string.read(chunk, i);
        if (end < 0) i = chunk.length;
        else {
          i = end;
          this.endString(this.base + end);
        }
      } else if (this.literal !== undefined) i = this.readLiteral(chunk, i);
      else {
        const byte = chunk[i] as number;
        if (byte === 0x0a) this.line++;
        if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || this.structure(byte, this.base + i))
          i++;
      }
    }
    this.base += chunk.length;
  }

  /** The document's value, once all of it was written. */
  end(): unknown {
    if (this.literal !== undefined) this.endLiteral(this.base);
    if (this.inString || this.expect !== Expect.End) this.fail('the text ends inside a value');
    return this.root;
  }

  private fail(message: string): never {
    throw new BoundedJsonError(message, this.line);
  }

  private charge(bytes: number): void {
    if (this.skipping) return;
    const { maxBytes } = this.limits;
    const limit = maxBytes >= 2 ** 20 ? `${maxBytes / 2 ** 20} MB` : `${maxBytes} bytes`;
    if (this.inElement) {
      this.elementHeld += bytes;
      if (this.elementHeld > maxBytes) this.fail(`one element holds more than ${limit}`);
    } else {
      this.documentHeld += bytes;
      if (this.documentHeld > maxBytes) this.fail(`more than ${limit} outside its elements`);
    }
  }

  private get top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** One byte outside strings and literals; false when it starts a literal (read again as its first byte). */
  private structure(byte: number, at: number): boolean {
    const char = String.fromCharCode(byte);
    switch (this.expect) {
      case Expect.ValueOrClose:
      case Expect.Value:
        if (char === ']' && this.expect === Expect.ValueOrClose) return this.close(at);
        return this.beginValue(byte, at);
      case Expect.KeyOrClose:
      case Expect.Key:
        if (char === '}' && this.expect === Expect.KeyOrClose) return this.close(at);
        if (byte !== QUOTE) this.fail(`expected a key in quotes, found "${char}"`);
        this.beginString(true);
        return true;
      case Expect.Colon:
        if (char !== ':') this.fail(`expected ":" after a key, found "${char}"`);
        this.expect = Expect.Value;
        return true;
      case Expect.CommaOrClose: {
        const array = Array.isArray(this.top?.value);
        if (char === ',') this.expect = array ? Expect.Value : Expect.Key;
        else if (char === (array ? ']' : '}')) return this.close(at);
        else this.fail(`expected "," or "${array ? ']' : '}'}", found "${char}"`);
        return true;
      }
      default:
        return this.fail(`unexpected "${char}" after the end of the value`);
    }
  }

  private beginValue(byte: number, at: number): boolean {
    if (this.top?.handedOver) {
      this.inElement = true;
      this.skipping = this.hooks.skipElements === true;
      this.elementStart = at;
      this.elementHeld = 0;
    }
    const char = String.fromCharCode(byte);
    if (char === '{' || char === '[') {
      if (this.stack.length >= this.limits.maxDepth) this.fail(`nested deeper than ${this.limits.maxDepth}`);
      this.charge(OVERHEAD);
      const handedOver =
        char === '[' &&
        this.stack.length === 1 &&
        this.top?.key !== undefined &&
        this.top.key === this.hooks.elementsOf;
      this.stack.push({ value: char === '{' ? {} : [], handedOver });
      this.expect = char === '{' ? Expect.KeyOrClose : Expect.ValueOrClose;
      return true;
    }
    if (byte === QUOTE) {
      this.beginString(false);
      return true;
    }
    if (char === '-' || (char >= '0' && char <= '9') || char === 't' || char === 'f' || char === 'n') {
      this.literal = '';
      return false;
    }
    return this.fail(`unexpected "${char}" where a value belongs`);
  }

  private close(at: number): boolean {
    const frame = this.stack.pop() as Frame;
    this.complete(frame.handedOver ? [] : frame.value, at + 1);
    return true;
  }

  /** A value is complete: it goes to its container, to the hook, or is the document. */
  private complete(value: unknown, end: number): void {
    const frame = this.top;
    this.expect = frame ? Expect.CommaOrClose : Expect.End;
    if (!frame) {
      this.root = value;
    } else if (Array.isArray(frame.value)) {
      if (frame.handedOver) {
        const handed = this.skipping ? undefined : value;
        this.inElement = false;
        this.skipping = false;
        this.hooks.onElement?.(handed, this.elementStart, end);
      } else if (!this.skipping) frame.value.push(value);
    } else if (!this.skipping) {
      const key = frame.key as string;
      // As JSON.parse does: "__proto__" is a plain key, never the object's prototype.
      if (key === '__proto__') Object.defineProperty(frame.value, key, { value, enumerable: true, writable: true });
      else (frame.value as Record<string, unknown>)[key] = value;
      if (this.stack.length === 1) this.hooks.onField?.(key, value);
    }
  }

  private beginString(isKey: boolean): void {
    this.inString = true;
    this.stringIsKey = isKey;
    this.string.begin(this.skipping);
  }

  private endString(end: number): void {
    this.inString = false;
    const { raw, escaped, counted } = this.string.finish();
    if (this.skipping) {
      if (this.stringIsKey) this.expect = Expect.Colon;
      else this.complete(undefined, end);
      return;
    }
    let text: string;
    try {
      text = escaped ? (JSON.parse(`"${raw.toString('utf8')}"`) as string) : raw.toString('utf8');
    } catch {
      this.fail('a string with a bad escape or a raw control character');
    }
    this.charge(OVERHEAD + raw.length);
    const length = text.length + counted;
    if (this.stringIsKey) {
      if (length > this.limits.maxChars) this.fail(`a key longer than ${this.limits.maxChars} characters`);
      (this.top as Frame).key = text;
      if (this.stack.length === 1) this.hooks.onKey?.(text);
      this.expect = Expect.Colon;
      return;
    }
    this.complete(length > this.limits.maxChars ? new CutText(text.slice(0, this.limits.maxChars), length) : text, end);
  }

  private readLiteral(chunk: Buffer, from: number): number {
    let i = from;
    for (; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      // A literal ends at whatever cannot be part of it: white space, a comma, a closing bracket.
      if (
        byte === 0x2c ||
        byte === 0x5d ||
        byte === 0x7d ||
        byte === 0x20 ||
        byte === 0x0a ||
        byte === 0x0d ||
        byte === 0x09
      ) {
        this.literal += chunk.toString('latin1', from, i);
        this.endLiteral(this.base + i);
        return i;
      }
      if (i - from + (this.literal as string).length >= MAX_LITERAL) this.fail('a number or literal that does not end');
    }
    this.literal += chunk.toString('latin1', from, i);
    return i;
  }

  private endLiteral(end: number): void {
    const text = this.literal as string;
    this.literal = undefined;
    this.charge(OVERHEAD);
    const literals: Record<string, boolean | null> = { true: true, false: false, null: null };
    if (text in literals) this.complete(literals[text], end);
    else if (NUMBER.test(text)) this.complete(Number(text), end);
    else this.fail(`unexpected "${text.slice(0, 20)}" where a value belongs`);
  }
}
