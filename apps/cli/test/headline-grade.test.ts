import { definePack } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { gradeOptions } from '../src/run/run-grade.ts';

const policy = { name: 'majority' as const, of: () => 'majority' as const };
const report = { console: true, color: false, files: [] };
const pack = (headline?: 'pass^k' | 'pass-rate') =>
  definePack({ name: 'talk', description: 'd', root: '/tmp', ...(headline && { headline }) });

describe("a run is graded under its pack's headline", () => {
  it("keeps 'pass^k' in the grade options only when the pack says so", () => {
    expect(gradeOptions({ policy, report, pack: pack('pass^k') })).toEqual({ policy: 'majority', headline: 'pass^k' });
    expect(gradeOptions({ policy, report, pack: pack('pass-rate') })).toEqual({
      policy: 'majority',
      headline: 'pass-rate',
    });
    expect(gradeOptions({ policy, report, pack: pack() })).toEqual({ policy: 'majority' });
  });
});
