import { describe, expect, it } from 'vitest';
import { judgeRequests } from '../src/judge/judge-case.ts';
import { JUDGE_PROMPT_VERSIONS } from '../src/judge/judge-prompt.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { CaseSchema } from '../src/schema/case.ts';
import { transcriptWith } from './support.ts';

const pack = definePack({ name: 'p', description: 'd', root: '/tmp', judge: { subject: 'code review' } });
const ACCEPTABLE = ['the handler does not log the request id', 'the table name is hard-coded'];
const clean = CaseSchema.parse({
  id: 'clean',
  name: 'Clean',
  input: 'const rows = await db.query("SELECT 1 WHERE id = $1", [id]);',
  expectedFindings: [{ id: 'f', description: 'a finding', severity: 'low' }],
  expectedAbsent: ['the parameterised query as SQL injection'],
  acceptable: ACCEPTABLE,
});
const answer = transcriptWith([], 'Logging is missing: the handler does not log the request id.');

describe('acceptable items in the judge prompts', () => {
  it.each(['structured', 'yes-no'] as const)(
    'tells the %s false-positive judge that they are real issues, never counted against the answer',
    (style) => {
      const requests = judgeRequests(pack, clean, answer, style);
      const absent = requests.find((request) => request.kind === 'absent');
      const text = `${absent?.system}\n${absent?.prompt}`;
      expect(absent?.prompt).toContain(
        '<acceptable>\nReal issues of the input that the case does not score. Reporting one of them is not flagging ' +
          'the item above and never counts against the code review:\n' +
          '- the handler does not log the request id\n- the table name is hard-coded\n</acceptable>',
      );
      expect(text).toContain('the parameterised query as SQL injection');
      // The finding's question is about catching one issue: the acceptable items are no business of it.
      const finding = requests.find((request) => request.kind === 'finding');
      expect(finding?.prompt).not.toContain('<acceptable>');
      expect(absent?.promptVersion).toBe(JUDGE_PROMPT_VERSIONS[style]);
    },
  );

  it('leaves the prompt of a case without acceptable items without the block', () => {
    const plain = CaseSchema.parse({ ...clean, acceptable: undefined });
    const absent = judgeRequests(pack, plain, answer).find((request) => request.kind === 'absent');
    expect(absent?.prompt).not.toContain('<acceptable>');
  });

  it('has a new prompt version for each style, since the wording changed', () => {
    expect(JUDGE_PROMPT_VERSIONS).toEqual({ structured: 'risen-judge-v4', 'yes-no': 'yes-no-judge-v4' });
  });
});
