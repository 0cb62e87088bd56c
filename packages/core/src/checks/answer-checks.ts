import type { RisenPart } from '../schema/check.ts';
import { type Check, defineCheck } from './define-check.ts';
import { slug } from './tool-checks.ts';

/** "a", "b" or "c". */
function either(quoted: readonly string[]): string {
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
}

/**
 * The final answer contains the keyword, ignoring case: the cheapest content check there is. Given a list,
 * any one of the alternatives passes ("5" or "five").
 */
export function answerContains(keyword: string | readonly string[], part: RisenPart = 'expectation'): Check {
  const keywords = typeof keyword === 'string' ? [keyword] : [...keyword];
  const wanted = either(keywords.map((item) => JSON.stringify(item)));
  return defineCheck({
    id: ['answer-contains', slug(keywords.join(' or '))].filter(Boolean).join('-'),
    name: `Answer contains ${wanted}`,
    part,
    run(transcript) {
      const answer = transcript.answer.toLowerCase();
      const found = keywords.find((item) => answer.includes(item.toLowerCase()));
      if (found !== undefined) return { passed: true, detail: `the answer contains ${JSON.stringify(found)}` };
      const why = transcript.answer.trim() === '' ? 'the answer is empty' : 'it does not';
      return { passed: false, detail: `the answer must contain ${wanted} (ignoring case); ${why}` };
    },
  });
}

/** The agent finished within a number of turns (model calls): a loop that wanders costs money. */
export function turnsWithin(limit: number, part: RisenPart = 'steps'): Check {
  return defineCheck({
    id: 'turns-within-limit',
    name: `Finishes within ${limit} ${limit === 1 ? 'turn' : 'turns'}`,
    part,
    run(transcript) {
      const passed = transcript.turns <= limit && !transcript.turnLimitReached;
      const took = `${transcript.turns} ${transcript.turns === 1 ? 'turn' : 'turns'}`;
      if (passed) return { passed, detail: `finished in ${took}` };
      const unfinished = transcript.turnLimitReached ? ' and was stopped before it answered' : '';
      return { passed, detail: `the agent must finish within ${limit} turns; it took ${took}${unfinished}` };
    },
  });
}

/**
 * The agent answered before the loop's own cap (`--max-turns`) stopped it. Every case of a pack with
 * tools gets this check, so a loop that runs away fails the case, and counts per epoch under --repeat.
 */
export const answersWithinTurnLimit: Check = defineCheck({
  id: 'answers-within-turn-limit',
  name: 'Answers within the turn limit',
  part: 'steps',
  run(transcript) {
    const took = `${transcript.turns} ${transcript.turns === 1 ? 'turn' : 'turns'}`;
    if (!transcript.turnLimitReached) return { passed: true, detail: `answered after ${took}` };
    return { passed: false, detail: `the agent was stopped at the turn limit after ${took}, still calling tools` };
  },
});
