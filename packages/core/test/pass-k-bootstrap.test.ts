import { describe, expect, it } from 'vitest';
import type { CaseTally } from '../src/grade/grade-schema.ts';
import { passAt1, passHatK, passKFigures } from '../src/grade/pass-k.ts';
import { seededRandom } from '../src/stats/random.ts';

/** The bootstrap as it was first written (a seededRandom call a draw): the grade must not move. */
function reference(values: number[]) {
  const random = seededRandom(1);
  const means = new Float64Array(2000);
  for (let r = 0; r < 2000; r++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(random() * values.length)] as number;
    means[r] = sum / values.length;
  }
  means.sort();
  return { lower: means[50], upper: means[1950] };
}

const tallies = (counts: [number, number][]) =>
  counts.map(([passed, graded]) => ({ epochsPassed: passed, epochsGraded: graded }) as CaseTally);

describe("pass@1 and pass^k's bootstrap interval", () => {
  it('is the one the seeded generator gave, for cases that differ', () => {
    const counts = Array.from({ length: 997 }, (_, i): [number, number] => [(i * 7) % 4, 3]);
    const figures = passKFigures(tallies(counts), 3);
    const at1 = reference(counts.map(([c, n]) => passAt1(c, n)));
    const hatK = reference(counts.map(([c, n]) => passHatK(c, n, 3)));
    expect(figures?.passAt1).toMatchObject(at1);
    expect(figures?.passHatK).toMatchObject(hatK);
    expect(at1.lower).toBeLessThan(at1.upper as number);
  });

  it('is the one the seeded generator gave when every case is alike (no draws needed)', () => {
    for (const [passed, n] of [
      [3, 3],
      [0, 3],
      [2, 3],
    ] as const) {
      const counts = Array.from({ length: 1000 }, (): [number, number] => [passed, n]);
      const figures = passKFigures(tallies(counts), 3);
      expect(figures?.passAt1).toMatchObject(reference(counts.map(([c, g]) => passAt1(c, g))));
      expect(figures?.passHatK).toMatchObject(reference(counts.map(([c, g]) => passHatK(c, g, 3))));
    }
  });
});
