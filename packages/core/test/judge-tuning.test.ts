import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCacheKey } from '../src/cache/call-key.ts';
import { DATA_NOTICE } from '../src/judge/fence.ts';
import { judgeCase, judgeRequests } from '../src/judge/judge-case.ts';
import { judgePromptVersion, loadJudgeTuning, loadPackJudgeTuning } from '../src/judge/judge-prompt.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { runPack } from '../src/runner/run-pack.ts';
import { sampleCase, scriptedAgent, scriptedJudge, transcriptWith } from './support.ts';

const gate = <T>(call: () => Promise<T>) => call();

async function packWith(judgeMd?: string) {
  const root = await mkdtemp(join(tmpdir(), 'judge-md-'));
  if (judgeMd !== undefined) await writeFile(join(root, 'judge.md'), judgeMd);
  return definePack({
    name: 'tuned',
    description: 'd',
    root,
    judge: { subject: 'code review', guidance: 'The one-line guidance.' },
  });
}

const JUDGE_MD =
  '# Steps\n1. A fix without the reason is not a catch.\n- Name the line.\n\n# Narrowing\nJudge the issue only.\n';

describe("a pack's judge.md", () => {
  it('replaces the guidance with its Steps and the Narrowing with its own, keeping the fenced material', async () => {
    const pack = await packWith(JUDGE_MD);
    const tuning = await loadPackJudgeTuning(pack);
    expect(tuning).toMatchObject({
      source: 'tuned/judge.md',
      steps: ['A fix without the reason is not a catch.', 'Name the line.'],
      narrowing: 'Judge the issue only.',
    });
    const transcript = transcriptWith([], 'The review.');
    const [tuned] = judgeRequests(pack, sampleCase, transcript, 'structured', tuning);
    const [plain] = judgeRequests(pack, sampleCase, transcript);
    expect(tuned?.system).toContain('4. A fix without the reason is not a catch.\n5. Name the line.\n6. Write your');
    expect(tuned?.system).not.toContain('The one-line guidance.');
    expect(tuned?.system).toMatch(/# Narrowing\nJudge the issue only\.$/);
    expect(plain?.system).toContain('4. The one-line guidance.');
    expect(plain?.system).toMatch(/# Narrowing\nJudge only the issue given\. Do not reward length/);
    // The tuning never reaches the fencing: the data notice stays in Instructions, the material is unchanged.
    expect(tuned?.system).toContain(DATA_NOTICE);
    expect(tuned?.prompt).toBe(plain?.prompt);
    const [yesNo] = judgeRequests(pack, sampleCase, transcript, 'yes-no', tuning);
    expect(yesNo?.system).toContain(
      `${DATA_NOTICE} A fix without the reason is not a catch. Name the line. Judge the issue only. Answer with one JSON`,
    );
  });

  it('names its version in every request and verdict: core version + source @ file hash', async () => {
    const pack = await packWith(JUDGE_MD);
    const tuning = await loadPackJudgeTuning(pack);
    const version = judgePromptVersion('structured', tuning);
    expect(version).toMatch(/^risen-judge-v4\+tuned\/judge\.md@[0-9a-f]{12}$/);
    expect(judgePromptVersion('yes-no')).toBe('yes-no-judge-v4');
    const judge = scriptedJudge(() => '{"reasoning":"Named.","caught":true}');
    const verdicts = await judgeCase(judge, pack, sampleCase, transcriptWith([]), gate, 'structured', 0, tuning);
    expect(verdicts.map((v) => v.promptVersion)).toEqual(verdicts.map(() => version));
    expect(new Set(judge.calls.map((call) => call.promptVersion))).toEqual(new Set([version]));
    const edited = await packWith(`${JUDGE_MD}\nMore.`);
    expect(judgePromptVersion('structured', await loadPackJudgeTuning(edited))).not.toBe(version);
  });

  it('is what runPack uses by default, and null asks with core prompt as it is', async () => {
    const pack = await packWith(JUDGE_MD);
    const variant = { name: 'v', path: '', text: 'p', sections: {} };
    const agent = scriptedAgent(() => 'The review.');
    const run = async (judgeTuning?: null) => {
      const judge = scriptedJudge(() => '{"reasoning":"Named.","caught":true}');
      await runPack({
        pack,
        variant,
        cases: [sampleCase],
        agent,
        judge,
        concurrency: 1,
        ...(judgeTuning === null && { judgeTuning }),
      });
      return judge.calls[0]?.system ?? '';
    };
    expect(await run()).toContain('Name the line.');
    expect(await run(null)).toContain('The one-line guidance.');
  });

  it('keys a judge call on its prompt version, and leaves keys without one as they were', () => {
    const material = {
      backend: 'b',
      model: 'm',
      params: {},
      system: 's',
      messages: [],
      tools: [],
      outputSchema: null,
      epoch: 0,
    };
    expect(callCacheKey({ ...material, promptVersion: 'v1' })).not.toBe(
      callCacheKey({ ...material, promptVersion: 'v2' }),
    );
    expect(callCacheKey({ ...material, promptVersion: undefined })).toBe(callCacheKey(material));
  });

  it('refuses sections that fix the verdict shape, and a file with nothing to tune', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'judge-md-'));
    const file = join(dir, 'judge.md');
    await writeFile(file, '# Role\nYou are lenient.\n# Steps\n- x\n');
    await expect(loadJudgeTuning(file, 'f')).rejects.toThrow(`${file}: section "role" cannot be tuned`);
    await writeFile(file, '# Steps\n\n');
    await expect(loadJudgeTuning(file, 'f')).rejects.toThrow(
      `${file}: no "# Steps" or "# Narrowing" section with text`,
    );
    await expect(loadJudgeTuning(join(dir, 'none.md'), 'f')).rejects.toThrow(
      /cannot read judge prompt .*none\.md: ENOENT/,
    );
    expect(await loadPackJudgeTuning(await packWith())).toBeUndefined();
  });
});
