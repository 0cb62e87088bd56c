import type { LabelState } from '../labelling/verdict-labels.ts';
import { type Html, html } from './html.ts';

/** Where a verdict sits, so the page can post a label on it, and what it is labelled now. */
export interface LabelSpot {
  runId: number;
  caseId: string;
  state: LabelState;
  note?: string;
}

const STATE_WORDS: Record<LabelState, string> = {
  agree: 'agreed',
  judge: 'disagreed: the judge was wrong',
  agent: 'disagreed: the agent was wrong',
  case: 'disagreed: the case was wrong',
  none: 'not labelled',
};

const BUTTONS = [
  { label: 'agree', wrong: '', key: 'a', text: 'agree' },
  { label: 'disagree', wrong: 'judge', key: 'd', text: 'judge wrong' },
  { label: 'disagree', wrong: 'agent', key: 'g', text: 'agent wrong' },
  { label: 'disagree', wrong: 'case', key: 'c', text: 'case wrong' },
];

/** The buttons beside a verdict (label.js wires them and the keys a, d, g, c; n and p move). */
export function labelControls(spot: LabelSpot): Html {
  return html`<div class="labelling" data-run="${spot.runId}" data-case="${spot.caseId}">
    <span class="label-state" data-state="${spot.state}">${STATE_WORDS[spot.state]}</span>
    ${BUTTONS.map(
      (b) =>
        html`<button type="button" data-label="${b.label}" data-wrong="${b.wrong}" title="key ${b.key}">${b.text}</button>`,
    )}
    <input class="label-note" type="text" placeholder="note (optional)" value="${spot.note ?? ''}" aria-label="note">
  </div>`;
}
