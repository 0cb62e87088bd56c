import { describe, expect, it } from 'vitest';
import { casesInShard, parseShard, shardOfCase } from '../src/runner/shard.ts';

const cases = Array.from({ length: 200 }, (_, i) => ({ id: `case-${i}` }));

describe('shards', () => {
  it('parses I/N and refuses anything else in one line', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '2/0', '-1/4']) {
      expect(() => parseShard(bad)).toThrow(`"${bad}" is not a shard: use I/N with 1 <= I <= N, e.g. 2/4`);
    }
  });

  it('puts every case in exactly one shard, in its original order', () => {
    const parts = [1, 2, 3, 4].map((index) => casesInShard(cases, { index, count: 4 }));
    expect(
      parts
        .flat()
        .map((c) => c.id)
        .sort(),
    ).toEqual(cases.map((c) => c.id).sort());
    for (const part of parts) {
      expect(part.length).toBeGreaterThan(30);
      expect(part).toEqual(cases.filter((c) => part.includes(c)));
    }
  });

  it('moves no case when another is added or removed', () => {
    const before = new Map(cases.map((c) => [c.id, shardOfCase(c.id, 4)]));
    const grown = [...cases.slice(1), { id: 'brand-new' }];
    for (const index of [1, 2, 3, 4]) {
      for (const c of casesInShard(grown, { index, count: 4 })) {
        if (c.id !== 'brand-new') expect(before.get(c.id)).toBe(index);
      }
    }
  });

  it("is the first four bytes of the id's SHA-256 modulo N, so every machine and version agrees", () => {
    // sha256('basic-vulnerabilities') starts d3f41304 = 3555988228; 3555988228 % 4 = 0, so shard 1.
    expect(
      ['basic-vulnerabilities', 'subtle-issues', 'false-positive-bait', 'ticket-1'].map((id) => shardOfCase(id, 4)),
    ).toEqual([1, 4, 2, 4]);
    expect(shardOfCase('anything', 1)).toBe(1);
  });
});
