import { type CaseResult, type Label, LabelSchema } from '@evalpacks/core';
import { inputHash, labelKey, labelVerdict } from '@evalpacks/core/calibration';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore, labelledRefs } from '../src/index.ts';
import { MIGRATIONS } from '../src/migrations.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

const label = (fields: Partial<Label> = {}): Label =>
  LabelSchema.parse({
    caseId: 'sql',
    kind: 'finding',
    itemId: 'injection',
    label: 'disagree',
    wrong: 'judge',
    note: 'It does name the injection.',
    verdict: { passed: false, reasoning: 'Not named.', model: 'judge:1b', promptVersion: 'judge-v2' },
    inputSha256: inputHash('code'),
    answer: 'The query concatenates $id: SQL injection.',
    toolCalls: [{ name: 'lookup', arguments: { id: 1 }, result: 'ok' }],
    labelledAt: '2026-11-30T10:00:00.000Z',
    ...fields,
  });

describe('labels in the store', () => {
  it('keeps every field across reopening, per pack, and a new label on the same item replaces the old', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const first = label();
    expect(store.saveLabel('code-review', first)).toBe(labelKey(first));
    store.saveLabel('other-pack', label({ itemId: 'x' }));
    const plain = label({ kind: 'absent', itemId: 'absent-1', label: 'agree', wrong: undefined, note: undefined });
    store.saveLabel('code-review', { ...plain, verdict: { passed: true, reasoning: 'ok', model: 'm' }, toolCalls: [] });
    store.close();

    const again = EvalStore.open(path);
    const [saved, second] = again.labels('code-review');
    expect(saved).toEqual(first);
    expect(second).toEqual({ ...plain, verdict: { passed: true, reasoning: 'ok', model: 'm' }, toolCalls: [] });
    expect(second).not.toHaveProperty('wrong');
    const changed = label({
      label: 'agree',
      wrong: undefined,
      note: undefined,
      labelledAt: '2026-12-01T00:00:00.000Z',
    });
    again.saveLabel('code-review', changed);
    expect(again.labels('code-review').map((l) => [l.itemId, l.label])).toEqual([
      ['absent-1', 'agree'],
      ['injection', 'agree'],
    ]);
    expect(again.removeLabel('code-review', labelKey(changed))).toBe(true);
    expect(again.removeLabel('code-review', labelKey(changed))).toBe(false);
    expect(again.labels('code-review')).toHaveLength(1);
    expect(again.labels('other-pack')).toHaveLength(1);
    again.close();
  });
});

/** A conversation ending in `last`, after the agent first asked `asked`. */
const conversation = (asked: string, last = 'Refunded ORD-1001.'): NonNullable<Label['conversation']> => [
  { role: 'user', text: 'My parcel never arrived.' },
  { role: 'agent', text: asked, toolCalls: [{ name: 'lookup', arguments: { q: 'parcel' }, result: 'none' }] },
  { role: 'user', text: "It's ORD-1001." },
  { role: 'agent', text: last },
];

describe('labels on a conversation in the store (step 15)', () => {
  it('keep the conversation, and two conversations ending in the same reply keep a label each', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const asked = label({ answer: 'Refunded ORD-1001.', toolCalls: [], conversation: conversation('Which order?') });
    const other = label({ answer: 'Refunded ORD-1001.', toolCalls: [], conversation: conversation('Name?') });
    expect(store.saveLabel('support', asked)).toBe(labelKey(asked));
    expect(store.saveLabel('support', other)).not.toBe(labelKey(asked));
    store.close();
    const again = EvalStore.open(path);
    expect(again.labels('support')).toEqual([asked, other]);
    expect(again.labels('support').map((l) => l.conversation?.[1]?.text)).toEqual(['Which order?', 'Name?']);
    again.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT key, json_extract(conversation_json, '$[3].text') AS last FROM labels").all()).toEqual([
      { key: labelKey(asked), last: 'Refunded ORD-1001.' },
      { key: labelKey(other), last: 'Refunded ORD-1001.' },
    ]);
    db.close();
  });

  it('upgrades a store at step 14: its one-message labels keep their keys, fields and no conversation', () => {
    expect(MIGRATIONS).toHaveLength(15);
    // A label written by step 14's columns (what a store of main holds), read back after step 15.
    const at14 = tempStorePath();
    const db14 = new Database(at14);
    db14.pragma('application_id = 0x45564c50');
    for (const step of MIGRATIONS.slice(0, 14)) db14.exec(step);
    db14.pragma('user_version = 14');
    const plain = label();
    db14
      .prepare(
        `INSERT INTO labels (pack, key, case_id, kind, item_id, label, wrong, note, verdict_passed, verdict_reasoning,
           verdict_model, verdict_prompt_version, input_sha256, answer, tool_calls_json, labelled_at)
         VALUES ('code-review', ?, 'sql', 'finding', 'injection', 'disagree', 'judge', ?, 0, 'Not named.', 'judge:1b',
           'judge-v2', ?, ?, ?, ?)`,
      )
      .run(
        labelKey(plain),
        plain.note,
        plain.inputSha256,
        plain.answer,
        JSON.stringify(plain.toolCalls),
        plain.labelledAt,
      );
    db14.close();
    const upgraded = EvalStore.open(at14);
    const [read] = upgraded.labels('code-review');
    expect(read).toEqual(plain);
    expect(read).not.toHaveProperty('conversation');
    expect(labelKey(read as Label)).toBe(labelKey(plain));
    upgraded.close();
  });

  it("drops the keys step 13 gave a conversation's verdicts (no turns in them); a one-message verdict keeps its key", () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ pack: 'support' }));
    const plain = caseResult('plain');
    const talk = caseResult('talk');
    store.saveCaseResult(run.id, plain);
    store.saveCaseResult(run.id, {
      ...talk,
      transcript: { ...talk.transcript, conversation: conversation('Which order?'), conversationEnd: 'script-end' },
    });
    store.close();
    // As a step-14 store holds them: the conversation's verdict keyed without its turns.
    const older = new Database(path);
    const keyOf = (caseId: string) =>
      older.prepare("SELECT label_key FROM verdicts WHERE case_id = ? AND status = 'ok'").pluck().get(caseId);
    const plainKey = keyOf('plain');
    older.exec(`UPDATE verdicts SET label_key = 'keyed-without-turns' WHERE case_id = 'talk' AND status = 'ok';
      ALTER TABLE labels DROP COLUMN conversation_json; PRAGMA user_version = 14;`);
    older.close();
    EvalStore.open(path).close();
    const upgraded = new Database(path, { readonly: true });
    const keys = upgraded.prepare("SELECT case_id, label_key FROM verdicts WHERE status = 'ok' ORDER BY case_id").all();
    upgraded.close();
    expect(keys).toEqual([
      { case_id: 'plain', label_key: plainKey },
      { case_id: 'talk', label_key: null },
    ]);
    expect(plainKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a label given on a saved conversation verdict is found on that verdict by key, not on the other conversation's", () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ pack: 'support' }));
    const onTurns = (id: string, asked: string): CaseResult => {
      const base = caseResult(id);
      return {
        ...base,
        case: { ...base.case, input: 'My parcel never arrived.' },
        transcript: {
          ...base.transcript,
          input: 'My parcel never arrived.',
          answer: 'Refunded ORD-1001.',
          toolCalls: [{ name: 'lookup', arguments: { q: 'parcel' }, result: 'none' }],
          conversation: conversation(asked),
          conversationEnd: 'script-end',
        },
      };
    };
    // Same case id and last reply in two epochs, different earlier turns.
    const first = onTurns('c', 'Which order?');
    const second = { ...onTurns('c', 'Name?'), epoch: 1 };
    store.saveCaseResult(run.id, first);
    store.saveCaseResult(run.id, second);
    const [saved] = store.caseResults(run.id, 'c');
    const verdict = saved?.verdicts[0];
    if (!saved || verdict?.status !== 'ok') throw new Error('no ok verdict saved');
    const given = labelVerdict(saved, verdict, { label: 'agree' });
    expect(given?.conversation).toEqual(conversation('Which order?'));
    const key = store.saveLabel('support', given as Label);
    const refs = store.labelRefs('support');
    expect(refs.map((ref) => ref.key)).toEqual([key]);
    expect([...labelledRefs(store, run.id, refs)]).toEqual([`c\u00000\u0000finding\u0000leak`]);
    store.close();
    // The key the save gave each verdict: epoch 0's is the label's, epoch 1's (other earlier turns) is not.
    const db = new Database(path, { readonly: true });
    const keys = db.prepare("SELECT epoch, label_key FROM verdicts WHERE status = 'ok' ORDER BY epoch").all();
    db.close();
    expect(keys).toEqual([
      { epoch: 0, label_key: key },
      { epoch: 1, label_key: expect.not.stringMatching(key) },
    ]);
  });
});
