import { describe, expect, it } from 'vitest';
import { BoundedJsonReader, CutText, type JsonHooks, type JsonLimits } from '../src/persistence/bounded-json.ts';

const LIMITS: JsonLimits = { maxChars: 100, maxBytes: 1_000_000, maxDepth: 8 };

/** Reads `text` fed `size` bytes at a time, so every value is also read across chunk boundaries. */
function read(text: string, size: number, limits = LIMITS, hooks: JsonHooks = {}): unknown {
  const reader = new BoundedJsonReader(limits, hooks);
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  return reader.end();
}

function failure(text: string, limits = LIMITS): string {
  try {
    read(text, 7, limits);
  } catch (error) {
    return `${(error as Error).message} at line ${(error as { line: number }).line}`;
  }
  throw new Error('expected the text to be refused');
}

const SAMPLE = {
  text: 'plain',
  escapes: 'quote " backslash \\ slash / tab \t newline \n unicode \u00e9 \u4e2d emoji 😀 \u0001',
  numbers: [0, -1, 3.25, 1e-7, -2.5e10, 12345678901234],
  literals: [true, false, null],
  nested: { empty: {}, none: [], deep: [[{ a: [1, { b: 'c' }] }]] },
};

describe('the bounded JSON reader', () => {
  it('reads what JSON.parse reads, whatever the chunks', () => {
    const text = JSON.stringify(SAMPLE, null, 2);
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(read(text, size)).toEqual(JSON.parse(text));
    // "__proto__" stays a plain key, as JSON.parse keeps it.
    const value = read('{"__proto__":{"polluted":true}}', 5) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('keeps a long string cut, counting its length as JavaScript does, escapes and all', () => {
    for (const long of ['a'.repeat(1000), '😀é'.repeat(400), '\\"\n\u0002x'.repeat(300)]) {
      for (const size of [1, 5, 4096]) {
        const value = read(JSON.stringify({ long }), size, { ...LIMITS, maxChars: 100 }) as { long: CutText };
        expect(value.long).toBeInstanceOf(CutText);
        expect([value.long.kept, value.long.length]).toEqual([long.slice(0, 100), long.length]);
      }
    }
    // At the limit, a string is kept whole.
    expect(read(JSON.stringify(['b'.repeat(100)]), 3)).toEqual(['b'.repeat(100)]);
  });

  it("hands one array's elements over one at a time, with where each is in the text", () => {
    const text = `{"head": 1, "items": [ {"id": 1}, "two", 3 , [4]], "tail": true}`;
    const seen: unknown[] = [];
    const fields: string[] = [];
    const value = read(text, 4, LIMITS, {
      elementsOf: 'items',
      onElement: (element, start, end) => seen.push([element, JSON.parse(text.slice(start, end))]),
      onKey: (key) => fields.push(key),
    });
    expect(value).toEqual({ head: 1, items: [], tail: true });
    expect(seen).toEqual([
      [{ id: 1 }, { id: 1 }],
      ['two', 'two'],
      [3, 3],
      [[4], [4]],
    ]);
    expect(fields).toEqual(['head', 'items', 'tail']);
  });

  it('only finds where each element is when told to skip them, still minding their depth', () => {
    const text = '{"items": [{"a": "x\\"]}", "b": [1, {"c": null}]}, "two", -3.5e2], "tail": {"d": "e"}}';
    const seen: [unknown, string][] = [];
    const value = read(text, 3, LIMITS, {
      elementsOf: 'items',
      skipElements: true,
      onElement: (element, start, end) => seen.push([element, text.slice(start, end)]),
    });
    expect(value).toEqual({ items: [], tail: { d: 'e' } });
    expect(seen).toEqual([
      [undefined, '{"a": "x\\"]}", "b": [1, {"c": null}]}'],
      [undefined, '"two"'],
      [undefined, '-3.5e2'],
    ]);
    const deep = `{"items": [${'['.repeat(8)}${']'.repeat(8)}]}`;
    expect(() => read(deep, 5, LIMITS, { elementsOf: 'items', skipElements: true })).toThrow('nested deeper than 8');
  });

  it('refuses what is not JSON, and JSON past its limits, naming the line', () => {
    expect(failure('{"a": 1,\n "b": tru}')).toBe('unexpected "tru" where a value belongs at line 2');
    expect(failure('{"a": 1}\n{')).toBe('unexpected "{" after the end of the value at line 2');
    expect(failure('{"a": [1, 2')).toBe('the text ends inside a value at line 1');
    expect(failure('{"a" 1}')).toBe('expected ":" after a key, found "1" at line 1');
    expect(failure('"bad \\x escape"')).toBe('a string with a bad escape or a raw control character at line 1');
    expect(failure(`${'['.repeat(9)}${']'.repeat(9)}`)).toBe('nested deeper than 8 at line 1');
    expect(failure(`[${'1'.repeat(101)}]`)).toBe('a number or literal that does not end at line 1');
    const many = JSON.stringify(Array.from({ length: 30 }, () => 'x'.repeat(90)));
    expect(failure(many, { ...LIMITS, maxBytes: 2000 })).toBe('more than 2000 bytes outside its elements at line 1');
  });
});
