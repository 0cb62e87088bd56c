import type { CompletionRequest, Matcher, WireMessage } from './types.ts';

/** A message's text, whether it came as a string or as content parts. */
export function messageText(message: WireMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

function contents(req: CompletionRequest, roles: string[]): string {
  return (req.messages ?? [])
    .filter((m) => roles.includes(m.role))
    .map(messageText)
    .join('\n');
}

/** The text `contains` looks in: what the caller said (system, user turns, tool results), not the model. */
export function promptText(req: CompletionRequest): string {
  return contents(req, ['system', 'developer', 'user', 'tool']);
}

export function asksJsonSchema(req: CompletionRequest): boolean {
  return req.response_format?.type === 'json_schema';
}

export function matches(matcher: Matcher | undefined, req: CompletionRequest): boolean {
  if (matcher === undefined) return true;
  if (typeof matcher === 'function') return matcher(req);
  if (matcher.model !== undefined && matcher.model !== req.model) return false;
  if (matcher.contains !== undefined) {
    const text = promptText(req);
    const needles = Array.isArray(matcher.contains) ? matcher.contains : [matcher.contains];
    if (!needles.every((needle) => text.includes(needle))) return false;
  }
  if (matcher.system !== undefined && !contents(req, ['system', 'developer']).includes(matcher.system)) return false;
  if (matcher.hasJsonSchema !== undefined && matcher.hasJsonSchema !== asksJsonSchema(req)) return false;
  if (matcher.hasTools !== undefined && matcher.hasTools !== (req.tools ?? []).length > 0) return false;
  if (matcher.afterToolResult !== undefined && matcher.afterToolResult !== (req.messages?.at(-1)?.role === 'tool')) {
    return false;
  }
  return true;
}
