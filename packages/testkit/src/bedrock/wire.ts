import { randomBytes } from 'node:crypto';
import { around, type OversizedShape } from '../common/oversized.ts';
import { promptText } from './match.ts';
import type { ConverseContentBlock, ConverseRequest, Reply } from './types.ts';

export function tokensFor(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Tool-use ids as Bedrock makes them: `tooluse_` and 22 URL-safe characters. */
function toolUseId(): string {
  return `tooluse_${randomBytes(16).toString('base64url').slice(0, 22)}`;
}

/** The Converse response body: the message, the stop reason, token counts and the measured latency. */
export function converseResponse(req: ConverseRequest, reply: Reply, latencyMs: number) {
  const content: ConverseContentBlock[] = [];
  if (reply.text !== undefined && reply.text !== '') content.push({ text: reply.text });
  for (const use of reply.toolUses ?? []) {
    content.push({ toolUse: { toolUseId: toolUseId(), name: use.name, input: use.input } });
  }
  const tools = JSON.stringify(req.toolConfig?.tools ?? []);
  const inputTokens = reply.inputTokens ?? tokensFor(`${promptText(req)}${tools === '[]' ? '' : tools}`);
  const outputTokens =
    reply.outputTokens ??
    tokensFor(`${reply.text ?? ''}${reply.toolUses?.length ? JSON.stringify(reply.toolUses) : ''}`);
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: reply.stopReason ?? (reply.toolUses?.length ? 'tool_use' : 'end_turn'),
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: Math.round(latencyMs) },
  };
}

const FILLER = 'oversized-filler';

/** An oversized Converse reply: one JSON body whose text is padding. */
export function oversizedShape(req: ConverseRequest, latencyMs: number): OversizedShape {
  const whole = JSON.stringify(converseResponse(req, { text: FILLER }, latencyMs));
  return { ...around(whole, FILLER), unit: (filler) => filler, contentType: 'application/json' };
}
