import type { ConverseContentBlock, ConverseRequest, Matcher } from './types.ts';

function blockText(block: ConverseContentBlock): string {
  if (typeof block.text === 'string') return block.text;
  if (block.toolResult) {
    return block.toolResult.content
      .map((item) => (item.text !== undefined ? item.text : JSON.stringify(item.json)))
      .join('\n');
  }
  return '';
}

export function systemText(req: ConverseRequest): string {
  return (req.system ?? []).flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join('\n');
}

/** The text `contains` looks in: what the caller said (system, user turns, tool results), not the model. */
export function promptText(req: ConverseRequest): string {
  const turns = (req.messages ?? [])
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content.map(blockText));
  return [systemText(req), ...turns].join('\n');
}

function toolNames(req: ConverseRequest): string[] {
  return (req.toolConfig?.tools ?? []).flatMap((tool) => (tool.toolSpec ? [tool.toolSpec.name] : []));
}

export function matches(matcher: Matcher | undefined, req: ConverseRequest): boolean {
  if (matcher === undefined) return true;
  if (typeof matcher === 'function') return matcher(req);
  if (matcher.modelId !== undefined && matcher.modelId !== req.modelId) return false;
  if (matcher.contains !== undefined) {
    const text = promptText(req);
    const needles = Array.isArray(matcher.contains) ? matcher.contains : [matcher.contains];
    if (!needles.every((needle) => text.includes(needle))) return false;
  }
  if (matcher.system !== undefined && !systemText(req).includes(matcher.system)) return false;
  if (matcher.hasTools !== undefined && matcher.hasTools !== toolNames(req).length > 0) return false;
  if (matcher.forcedTool !== undefined && req.toolConfig?.toolChoice?.tool?.name !== matcher.forcedTool) return false;
  if (matcher.afterToolResult !== undefined) {
    const last = req.messages?.at(-1);
    const hasResult = last?.role === 'user' && last.content.some((block) => block.toolResult !== undefined);
    if (hasResult !== matcher.afterToolResult) return false;
  }
  return true;
}
