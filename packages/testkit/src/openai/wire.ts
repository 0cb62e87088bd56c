import { randomBytes } from 'node:crypto';
import { logprobsFor } from '../common/logprobs.ts';
import { around, type OversizedShape } from '../common/oversized.ts';
import { promptText } from './match.ts';
import type { CompletionRequest, Reply, WireToolCall } from './types.ts';

export function tokensFor(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function completionId(): string {
  return `chatcmpl-${randomBytes(12).toString('hex')}`;
}

/** Tool-call ids as vLLM makes them: `chatcmpl-tool-` and 32 hex characters. */
function toolCallsOf(reply: Reply): WireToolCall[] {
  return (reply.toolCalls ?? []).map((call) => ({
    id: `chatcmpl-tool-${randomBytes(16).toString('hex')}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

export function usageFor(req: CompletionRequest, reply: Reply) {
  const tools = req.tools?.length ? JSON.stringify(req.tools) : '';
  const calls = reply.toolCalls?.length ? JSON.stringify(reply.toolCalls) : '';
  const prompt = reply.promptTokens ?? tokensFor(`${promptText(req)}${tools}`);
  const completion = reply.completionTokens ?? tokensFor(`${reply.content ?? ''}${calls}`);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function finishReason(reply: Reply): string {
  return reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop');
}

/** null unless asked for; then the content's tokens as OpenAI lists them (refusal null). */
function logprobsOf(req: CompletionRequest, reply: Reply) {
  if (!req.logprobs) return null;
  return { content: logprobsFor(reply.content ?? '', reply.tokenProbabilities, req.top_logprobs ?? 0), refusal: null };
}

/** The `stream: false` body: one choice with the whole message, and the usage. */
export function completionBody(req: CompletionRequest, reply: Reply) {
  const toolCalls = toolCallsOf(reply);
  const message = {
    role: 'assistant',
    // OpenAI sends null content beside tool calls; vLLM does too.
    content: reply.content ?? (toolCalls.length ? null : ''),
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
  };
  return {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: req.model,
    choices: [{ index: 0, message, logprobs: logprobsOf(req, reply), finish_reason: finishReason(reply) }],
    usage: usageFor(req, reply),
  };
}

/** Word-sized pieces, whitespace kept, so the pieces concatenate back to the exact text. */
export function splitText(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * The events of a streamed completion in vLLM's order: a role chunk, the content in pieces, each tool
 * call (id and name first, then its arguments in two pieces), a chunk with the finish reason, and,
 * when `stream_options.include_usage` asks, a last chunk with no choices and the usage.
 */
export function completionChunks(req: CompletionRequest, reply: Reply): object[] {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: req.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const chunks: object[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitText(reply.content ?? '')) chunks.push(chunk({ content: piece }));
  toolCallsOf(reply).forEach((call, index) => {
    const args = call.function.arguments;
    const half = Math.ceil(args.length / 2);
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
      }),
    );
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }));
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
  });
  chunks.push(chunk({}, finishReason(reply)));
  if (req.stream_options?.include_usage) {
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model: req.model,
      choices: [],
      usage: usageFor(req, reply),
    });
  }
  return chunks;
}

/** The `/v1/models` listing vLLM gives. */
export function modelList(models: readonly string[]) {
  return {
    object: 'list',
    data: models.map((id) => ({
      id,
      object: 'model',
      created: 1735689600,
      owned_by: 'vllm',
      root: id,
      parent: null,
      max_model_len: 32768,
    })),
  };
}

const FILLER = 'oversized-filler';

/** An oversized reply as a server would send it: one completion, or events of padding then the finish. */
export function oversizedShape(req: CompletionRequest, stream: boolean): OversizedShape {
  if (!stream) {
    const whole = JSON.stringify(completionBody(req, { content: FILLER }));
    return { ...around(whole, FILLER), unit: (filler) => filler, contentType: 'application/json' };
  }
  const event = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  const [role, piece, ...rest] = completionChunks(req, { content: FILLER });
  const { head, tail } = around(event(piece), FILLER);
  return {
    head: event(role),
    unit: (filler) => `${head}${filler}${tail}`,
    tail: [...rest, '[DONE]'].map(event).join(''),
    contentType: 'text/event-stream',
  };
}
