import { WrongSideSchema } from '@evalpacks/core';
import { labelVerdict } from '@evalpacks/core/calibration';
import type { EvalStore, LabelBook } from '@evalpacks/store';
import { z } from 'zod';
import { stateOf } from './verdict-labels.ts';

/** What the page posts: which verdict, and the person's word on it. */
export const LabelRequestSchema = z
  .object({
    run: z.number().int().positive(),
    caseId: z.string().min(1),
    epoch: z.number().int().nonnegative(),
    kind: z.enum(['finding', 'absent', 'rubric']),
    itemId: z.string().min(1),
    label: z.enum(['agree', 'disagree']),
    wrong: WrongSideSchema.optional(),
    note: z.string().max(2000).optional(),
  })
  .strict();

/**
 * Saves a person's label on one stored verdict, with the answer it was given on, into the labels table
 * (the only thing the viewer writes). Returns the label's state, or why it could not be saved.
 */
export function saveLabel(store: EvalStore, book: LabelBook, body: unknown): { state: string } | { error: string } {
  const parsed = LabelRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue?.path.join('.') || 'label'}: ${issue?.message}` };
  }
  const request = parsed.data;
  const run = store.run(request.run);
  const result = run && store.caseResults(run.id, request.caseId).find((r) => r.epoch === request.epoch);
  const verdict = result?.verdicts.find((v) => v.kind === request.kind && v.itemId === request.itemId);
  if (!run || !result || !verdict) return { error: 'no such verdict in this store' };
  if (verdict.status !== 'ok') return { error: 'only a verdict the judge gave can be labelled' };
  const { label: word, wrong, note } = request;
  const label = labelVerdict(result, verdict, { label: word, wrong, note, labelledAt: new Date().toISOString() });
  if (!label) return { error: 'a disagreement says which side was wrong (judge, agent or case)' };
  book.save(run.pack, label);
  return { state: stateOf(label) };
}
