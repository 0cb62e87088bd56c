import type { ChatMessage, ChatRequest, Matcher } from './types.ts';

/** Ollama treats a name without a tag as `:latest`, so `llama3` and `llama3:latest` are one model. */
export function normalizeModel(name: string): string {
  const lastSegment = name.slice(name.lastIndexOf('/') + 1);
  return lastSegment.includes(':') ? name : `${name}:latest`;
}

function contents(messages: ChatMessage[] | undefined, roles: string[]): string {
  return (messages ?? [])
    .filter((m) => roles.includes(m.role))
    .map((m) => m.content ?? '')
    .join('\n');
}

/** The text the declarative `contains` looks in: what the caller said, not what the model said. */
export function promptText(req: ChatRequest): string {
  return contents(req.messages, ['system', 'user', 'tool']);
}

export function hasFormat(req: ChatRequest): boolean {
  return req.format !== undefined && req.format !== null && req.format !== '';
}

export function matches(matcher: Matcher | undefined, req: ChatRequest): boolean {
  if (matcher === undefined) return true;
  if (typeof matcher === 'function') return matcher(req);
  if (matcher.model !== undefined && normalizeModel(matcher.model) !== normalizeModel(req.model)) {
    return false;
  }
  if (matcher.contains !== undefined) {
    const text = promptText(req);
    const needles = Array.isArray(matcher.contains) ? matcher.contains : [matcher.contains];
    if (!needles.every((needle) => text.includes(needle))) return false;
  }
  if (matcher.system !== undefined && !contents(req.messages, ['system']).includes(matcher.system)) {
    return false;
  }
  if (matcher.hasFormat !== undefined && matcher.hasFormat !== hasFormat(req)) return false;
  if (matcher.hasTools !== undefined && matcher.hasTools !== (req.tools ?? []).length > 0) return false;
  if (matcher.lastRole !== undefined && req.messages?.at(-1)?.role !== matcher.lastRole) return false;
  return true;
}
