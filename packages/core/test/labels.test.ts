import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputHash, labelKey, labelledOutcome } from '../src/calibration/label-key.ts';
import { formatLabels, loadPackLabels, parseLabels, writePackLabels } from '../src/calibration/labels-file.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { type Label, LabelSchema } from '../src/schema/label.ts';

const label = (fields: Partial<Label> = {}): Label =>
  LabelSchema.parse({
    caseId: 'sql',
    kind: 'finding',
    itemId: 'injection',
    label: 'agree',
    verdict: { passed: true, reasoning: 'Names the injection.', model: 'judge:1b' },
    inputSha256: inputHash('select * from t where id = ' + '$id'),
    answer: 'The query concatenates $id: SQL injection.',
    ...fields,
  });

describe('label keys', () => {
  it('follow the answer and the item, not the verdict, the note or who judged', () => {
    const first = label();
    const relabelled = label({
      label: 'disagree',
      wrong: 'judge',
      note: 'no',
      verdict: { passed: false, reasoning: 'x', model: 'other' },
    });
    expect(labelKey(relabelled)).toBe(labelKey(first));
    expect(labelKey(label({ answer: 'Something else.' }))).not.toBe(labelKey(first));
    expect(labelKey(label({ itemId: 'other' }))).not.toBe(labelKey(first));
    expect(labelKey(label({ inputSha256: inputHash('changed') }))).not.toBe(labelKey(first));
    expect(labelKey(label({ toolCalls: [{ name: 'lookup', arguments: {} }] }))).not.toBe(labelKey(first));
  });

  it('of a one-message label are what they were before conversations: a fixed key, and no conversation field', () => {
    // sha256 of 'evalpacks-label-v1\n' + the canonical JSON of {answer, caseId, input, itemId, kind, toolCalls}:
    // what every labels file written so far is keyed by.
    expect(labelKey(label())).toBe('93618a4e9e679e057f00f1a7f90a41d033d8fa414a0bd63cc58c15e468a0742e');
    expect('conversation' in label()).toBe(false);
    expect(JSON.stringify(label())).not.toContain('conversation');
  });

  it('of a conversation label hold every turn: the same last reply after other earlier turns is another label', () => {
    const last = { role: 'agent' as const, text: label().answer };
    const asked = label({
      conversation: [
        { role: 'user', text: 'Review this query.' },
        { role: 'agent', text: 'Which database?' },
        { role: 'user', text: 'Postgres.' },
        last,
      ],
    });
    const notAsked = label({ conversation: [{ role: 'user', text: 'Review this query.' }, last] });
    const called = label({
      conversation: [
        { role: 'user', text: 'Review this query.' },
        { role: 'agent', text: 'Which database?', toolCalls: [{ name: 'lookup', arguments: { db: 'pg' } }] },
        { role: 'user', text: 'Postgres.' },
        last,
      ],
    });
    const keys = [labelKey(label()), labelKey(asked), labelKey(notAsked), labelKey(called)];
    expect(new Set(keys).size).toBe(4);
    // The key follows the turns, not the object: the same turns parsed again give the same key.
    expect(labelKey(LabelSchema.parse(JSON.parse(JSON.stringify(asked))))).toBe(keys[1]);
    expect(asked.conversation?.map((turn) => turn.role)).toEqual(['user', 'agent', 'user', 'agent']);
  });

  it("give the person's outcome: the verdict's, its opposite when the judge was wrong, none when the case was", () => {
    expect(labelledOutcome(label())).toBe(true);
    expect(labelledOutcome(label({ label: 'disagree', wrong: 'judge' }))).toBe(false);
    expect(labelledOutcome(label({ label: 'disagree', wrong: 'agent' }))).toBe(true);
    expect(labelledOutcome(label({ label: 'disagree', wrong: 'case' }))).toBeUndefined();
  });
});

describe('labels.jsonl', () => {
  const line = (fields: Record<string, unknown>) => JSON.stringify({ ...label(), ...fields });

  it('round-trips through the pack folder in a stable order', async () => {
    const root = await mkdtemp(join(tmpdir(), 'labels-'));
    const pack = definePack({ name: 'p', description: 'd', root });
    expect(await loadPackLabels(pack)).toEqual([]);
    const labels = [label({ itemId: 'z' }), label({ label: 'disagree', wrong: 'case', note: 'not a bug' })];
    const file = await writePackLabels(pack, labels);
    expect(file).toBe(join(root, 'calibration', 'labels.jsonl'));
    expect(await loadPackLabels(pack)).toEqual([labels[1], labels[0]]);
    expect(await readFile(file, 'utf8')).toBe(formatLabels([labels[1] as Label, labels[0] as Label]));
  });

  it('keeps a conversation label apart from one on the same last reply after other turns, and names a bad turn', () => {
    const turns = (middle: string) => [
      { role: 'user', text: 'Review this.' },
      { role: 'agent', text: middle },
      { role: 'user', text: 'Go on.' },
      { role: 'agent', text: label().answer },
    ];
    const text = `${line({ conversation: turns('Which file?') })}\n${line({ conversation: turns('Which line?') })}\n`;
    expect(parseLabels('labels.jsonl', text).map((l) => l.conversation?.[1]?.text)).toEqual([
      'Which file?',
      'Which line?',
    ]);
    expect(() => parseLabels('labels.jsonl', `${line({ conversation: [{ role: 'judge', text: 'x' }] })}\n`)).toThrow(
      /^labels\.jsonl:1: .*conversation\.0\.role/,
    );
  });

  it('names file, line and field of a bad line', async () => {
    const file = '/p/calibration/labels.jsonl';
    const good = line({});
    expect(() => parseLabels(file, `${good}\n\n${line({ label: 'maybe' })}\n`)).toThrow(
      /^\/p\/calibration\/labels\.jsonl:3: field "label": Invalid option: expected one of "agree"\|"disagree"$/,
    );
    expect(() => parseLabels(file, line({ label: 'disagree' }))).toThrow(
      'labels.jsonl:1: field "wrong": say which side was wrong: judge, agent or case',
    );
    expect(() => parseLabels(file, line({ verdict: { passed: 'yes', reasoning: '', model: 'm' } }))).toThrow(
      /labels\.jsonl:1: field "verdict\.passed": /,
    );
    expect(() => parseLabels(file, line({ colour: 'red' }))).toThrow(/labels\.jsonl:1: field "colour": /);
    expect(() => parseLabels(file, `${good}\n{oops`)).toThrow(/labels\.jsonl:2: invalid JSON: /);
    expect(() => parseLabels(file, `${good}\n${good}`)).toThrow(
      'labels.jsonl:2: labels "sql" item "injection" of the same answer again (line 1)',
    );
  });

  it('reads a pack file a person wrote by hand', async () => {
    const root = await mkdtemp(join(tmpdir(), 'labels-'));
    const pack = definePack({ name: 'p', description: 'd', root });
    await writePackLabels(pack, []);
    await writeFile(join(root, 'calibration', 'labels.jsonl'), `${line({ note: 'fine' })}\n`);
    expect((await loadPackLabels(pack))[0]?.note).toBe('fine');
  });
});
