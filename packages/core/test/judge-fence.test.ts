import { describe, expect, it } from 'vitest';
import { capForJudge, fenceId, JUDGE_BLOCK_CHARS } from '../src/judge/fence.ts';
import { judgeRequests } from '../src/judge/judge-case.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { sampleCase, transcriptWith } from './support.ts';

const pack = definePack({ name: 't', description: 't', root: '/tmp', judge: { subject: 'code review' } });

describe('untrusted text in judge prompts', () => {
  it('gives a fence id that none of the fenced texts contains, the same for the same texts', () => {
    const id = fenceId(['an answer']);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(fenceId(['an answer'])).toBe(id);
    // An answer that quotes the id it would get is fenced with another one.
    const quoting = `an answer ${fenceId([`an answer ${id}`])}`;
    expect(quoting).not.toContain(fenceId([quoting]));
  });

  it('cuts a 20 MB answer to a bounded block that says what was cut', () => {
    const answer = 'x'.repeat(20_000_000);
    const requests = judgeRequests(pack, sampleCase, transcriptWith([], answer));
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.prompt.length).toBeLessThan(JUDGE_BLOCK_CHARS + 2_000);
      expect(request.prompt).toContain(
        `[evalpacks cut this block here: ${20_000_000 - JUDGE_BLOCK_CHARS} of its 20000000 characters are not shown]`,
      );
    }
    expect(capForJudge('short')).toBe('short');
  });
});
