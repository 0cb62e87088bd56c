import { USER_STOP } from '../schema/user-block.ts';

/** What a simulated user's raw answer says: its message, a stop, or how it broke the protocol. */
export type UserReply =
  | { kind: 'message'; text: string }
  | { kind: 'stop'; text: string }
  | { kind: 'error'; error: string };

/** How much of a broken answer the error quotes: enough to see what went wrong, bounded whatever it sent. */
const QUOTED_CHARS = 500;

const quoted = (text: string) => JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);

/** Markers open-weight models write when they call a tool in plain text. */
const TOOL_CALL_MARKERS = /<\/?(tool_call|function_call|tool_use|function)\b|\[TOOL_CALLS\]|<\|python_tag\|>/i;

/**
 * The shapes of a function call written as JSON: `{"name", "arguments"|"parameters"}`, OpenAI's
 * `tool_calls` or `function`, Anthropic's `tool_use`.
 */
function isToolCallObject(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isToolCallObject);
  if (value === null || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  if (typeof o.name === 'string' && ('arguments' in o || 'parameters' in o || 'input' in o)) return true;
  return 'tool_calls' in o || 'function' in o || 'function_call' in o || o.type === 'tool_use';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The agent's voice, by a conservative rule: the message opens (after an optional greeting) with what a
 * service desk says and a customer never does, or carries a role label of the agent. Anything a
 * customer might plausibly write ("Sure, I can send it") passes, so a false alarm stays rare; an agent
 * voice this misses is only a weaker test, while a false alarm would fail a good agent's case.
 */
const AGENT_OPENERS = new RegExp(
  '^(?:(?:hi|hello|hey|dear\\s+[^,!.\\n]{1,40})(?:\\s+there)?[,!.]?\\s+)?(?:' +
    [
      'how (?:can|may|could) i (?:help|assist)',
      'thank(?:s| you) for (?:contacting|reaching out|getting in touch|your patience)',
      "i(?:'m| am) (?:sorry to hear|happy to help|glad to help|here to help)",
      "i(?:'d| would) be (?:happy|glad) to (?:help|assist)",
      'as an ai\\b',
      "i(?:'ve| have) (?:issued|processed|initiated|refunded|escalated) (?:your|the|a)\\b",
      'welcome to\\b',
    ].join('|') +
    ')',
  'i',
);
const AGENT_LABEL = /^\s*(?:\*\*)?(?:agent|assistant|support(?: agent)?|ai)(?:\*\*)?\s*:/i;
const AGENT_CLOSER = /\bis there anything else i can (?:help|assist|do for) you\b/i;

function agentVoice(text: string): boolean {
  return AGENT_LABEL.test(text) || AGENT_OPENERS.test(text) || AGENT_CLOSER.test(text);
}

/**
 * Reads the simulated user's answer. The JSON `{"message": ...}` is what the prompt asks for; a backend
 * that ignored the schema and sent plain text is read as that text. Then, in order: empty -> error;
 * a tool call (JSON or a tool-call tag) -> error; ###STOP### alone -> stop; ###STOP### with other words
 * -> error (the protocol wants it alone, and the words beside it would be lost); the agent's voice ->
 * error. Every error quotes the text it read.
 */
export function readUserReply(raw: string): UserReply {
  const parsed = parseJson(raw.trim());
  let text: string;
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && 'message' in parsed) {
    const message = (parsed as { message: unknown }).message;
    if (typeof message !== 'string') return { kind: 'error', error: `"message" is not a string: ${quoted(raw)}` };
    text = message.trim();
  } else if (parsed !== undefined && typeof parsed === 'object') {
    return isToolCallObject(parsed)
      ? { kind: 'error', error: `the simulated user answered with a tool call: ${quoted(raw)}` }
      : { kind: 'error', error: `the simulated user's answer has no "message": ${quoted(raw)}` };
  } else {
    text = raw.trim();
  }
  if (text === '') return { kind: 'error', error: `the simulated user answered with an empty message: ${quoted(raw)}` };
  if (TOOL_CALL_MARKERS.test(text) || isToolCallObject(parseJson(text))) {
    return { kind: 'error', error: `the simulated user answered with a tool call: ${quoted(text)}` };
  }
  if (text === USER_STOP) return { kind: 'stop', text };
  if (text.includes(USER_STOP)) {
    return {
      kind: 'error',
      error: `the simulated user wrote ${USER_STOP} with other words (it must stand alone): ${quoted(text)}`,
    };
  }
  if (agentVoice(text)) {
    return { kind: 'error', error: `the simulated user answered in the agent's voice: ${quoted(text)}` };
  }
  return { kind: 'message', text };
}
