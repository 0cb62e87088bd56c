import type { RisenPart } from '../schema/check.ts';
import { isPersonLabel } from '../schema/label.ts';
import type { JudgedItemKind } from '../schema/verdict.ts';
import type { LabelledVerdict } from './judge-labels.ts';

/** One thing people said to fix outside the judge: a part of the agent's prompt, or a case file. */
export interface FixItem {
  target: RisenPart | 'case';
  caseId: string;
  kind: JudgedItemKind;
  itemId: string;
  note?: string;
  /** The case file, for a case to fix. */
  file?: string;
}

/** Where an agent at fault is fixed, as the run's suggestions say it: a miss in Steps, a false flag in Narrowing. */
const PART_OF: Record<JudgedItemKind, RisenPart> = { finding: 'steps', absent: 'narrowing', rubric: 'expectation' };

/** The labels that blame the agent (the prompt part to edit) or the case (the file to edit), in label order. */
export function fixList(items: LabelledVerdict[], fileOf: ReadonlyMap<string, string>): FixItem[] {
  return items.flatMap(({ label }): FixItem[] => {
    if (isPersonLabel(label) || (label.wrong !== 'agent' && label.wrong !== 'case')) return [];
    const file = fileOf.get(label.caseId);
    return [
      {
        target: label.wrong === 'agent' ? PART_OF[label.kind] : 'case',
        caseId: label.caseId,
        kind: label.kind,
        itemId: label.itemId,
        ...(label.note && { note: label.note }),
        ...(label.wrong === 'case' && file && { file }),
      },
    ];
  });
}
