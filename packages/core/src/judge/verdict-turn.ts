import { z } from 'zod';
import type { ConversationTurn } from '../schema/transcript.ts';

/**
 * The turn a verdict on a conversation rests on (issue 25). The judge reads the conversation's turns
 * numbered 1..N, user and agent alike, as every report shows them, and names the agent turn where the
 * agent did, or should have done, what the item is about; null when the verdict rests on the whole
 * conversation. Its word is checked against the conversation it judged: a turn that is not there, or is
 * the user's, is dropped with a note, never moved to a turn the judge did not name.
 */

/** The field a conversation's verdict JSON carries, after the decision. */
export const TURN_FIELD = { turn: z.number().int().nullable() };

/** Said in the judge's Expectation on a conversation case, whatever the style. */
export const TURN_EXPECTATION =
  'This is a conversation, so add "turn" to the JSON object: the number the conversation block gives the agent ' +
  'turn your verdict rests on (where the agent did what the item is about, or should have done it), or null ' +
  'when it rests on the whole conversation rather than one turn.';

/** What a verdict records of the turn the judge named: the turn, a note on why it was dropped, or nothing. */
export type PlacedTurn = { turn?: number; turnNote?: string };

const shown = (named: unknown) => (typeof named === 'string' ? JSON.stringify(named) : String(named));

/**
 * Checks the turn the judge named against the roles of the conversation's turns, in order (undefined for
 * a case that is not a conversation, which has no turns to name).
 */
export function placeTurn(named: unknown, roles: readonly ConversationTurn['role'][] | undefined): PlacedTurn {
  if (named === undefined || named === null) return {};
  if (roles === undefined)
    return { turnNote: `the judge named turn ${shown(named)} on a case that is not a conversation: dropped` };
  if (typeof named !== 'number' || !Number.isInteger(named)) {
    return { turnNote: `the judge named turn ${shown(named)}, not a turn number: dropped` };
  }
  if (named < 1 || named > roles.length) {
    return {
      turnNote: `the judge named turn ${named}; the conversation has ${roles.length} turn${roles.length === 1 ? '' : 's'}: dropped`,
    };
  }
  if (roles[named - 1] !== 'agent')
    return { turnNote: `the judge named turn ${named}, a user turn, not an agent's: dropped` };
  return { turn: named };
}
