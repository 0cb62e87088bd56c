import type { Transcript } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';

/**
 * The conversation turn a verdict rests on (1-based, as every report numbers turns), for an ok verdict whose
 * judge named one; undefined for a verdict on the whole conversation, shown after it.
 */
export const turnOf = (verdict: Verdict): number | undefined => (verdict.status === 'ok' ? verdict.turn : undefined);

/** How a conversation ended, in words, for every report. */
export const CONVERSATION_END_WORDS: Record<NonNullable<Transcript['conversationEnd']>, string> = {
  'user-stop': 'the simulated user ended it (###STOP###)',
  'script-end': 'the script ran out after the agent answered its last turn',
  'turn-limit': 'stopped at the turn limit without ###STOP###: reported as such, not as an agent failure',
  'user-error': 'the simulated user broke the protocol (a user-simulator error, not the agent’s)',
  'agent-error': 'the agent failed (see the agent error)',
};

/** Lines of one turn's text kept on the console; the rest is counted, not shown. */
const TURN_LINES = 3;

function collapse(text: string, width: number): string[] {
  const lines = text.trim() === '' ? ['(empty)'] : text.trim().split(/\r?\n/);
  const kept = lines.slice(0, TURN_LINES).map((line) => (line.length > width ? `${line.slice(0, width)}…` : line));
  if (lines.length > TURN_LINES) kept.push(`… ${lines.length - TURN_LINES} more lines`);
  return kept;
}

function brief(value: unknown, width: number): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > width ? `${flat.slice(0, width)}…` : flat;
}

/**
 * A conversation turn by turn for the console: who spoke, the first few lines of each turn, the agent's tool
 * calls and their results (one line each), `atTurn`'s lines for that turn (the verdicts that rest on it), and
 * how it ended. The transcript must already be made visible (visibleDeep): these lines print its text as it
 * is. Empty for a single-message case.
 */
export function conversationLines(
  transcript: Transcript,
  width = 160,
  atTurn: (turn: number) => string[] = () => [],
): string[] {
  const turns = transcript.conversation;
  if (!turns) return [];
  const lines: string[] = [];
  turns.forEach((turn, index) => {
    const who = `${turn.role} ${index + 1}`.padEnd(9);
    for (const [at, line] of collapse(turn.text, width).entries())
      lines.push(`${at === 0 ? who : ' '.repeat(9)}${line}`);
    for (const call of turn.toolCalls ?? []) {
      const outcome = call.error !== undefined ? `✗ ${brief(call.error, 80)}` : `→ ${brief(call.result, 80)}`;
      lines.push(`${' '.repeat(9)}tool ${call.name}(${brief(call.arguments, 80)}) ${outcome}`);
    }
    for (const line of atTurn(index + 1)) lines.push(`${' '.repeat(9)}${line}`);
  });
  if (transcript.conversationEnd) lines.push(`ended    ${CONVERSATION_END_WORDS[transcript.conversationEnd]}`);
  if (transcript.userError) lines.push(`user-simulator error: ${transcript.userError}`);
  return lines;
}
