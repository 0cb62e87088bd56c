import type { ServerResponse } from 'node:http';
import { delay } from '../common/io.ts';
import { sendOversized } from '../common/oversized.ts';
import type { RuleList } from '../common/rule-list.ts';
import { playFault, retryAfterHeaders, SERVICE_ERRORS } from './faults.ts';
import type { TokenBucket } from './quota.ts';
import { gone, sendError, sendJson, startEvents, writeEvent } from './respond.ts';
import type { CallRecord, CompletionRequest, JsonSchemaSupport, Matcher, Reply, Rule } from './types.ts';
import { completionBody, completionChunks, oversizedShape } from './wire.ts';

export const NO_MATCH = 'stand-in: no scripted reply matched this request';

export interface ChatContext {
  models: ReadonlySet<string>;
  jsonSchema: JsonSchemaSupport;
  quota?: TokenBucket;
  script: RuleList<CompletionRequest, Reply, Matcher, Rule>;
  latencyMs: number;
  /** Aborted by close(), so replies still waiting out their latency are dropped. */
  closing: AbortSignal;
}

const invalid = (message: string, param: string | null = null) => ({
  message,
  type: 'BadRequestError',
  param,
  code: 400,
});

/** What an OpenAI-compatible server's request validation refuses, as its message; undefined if fine. */
function invalidRequest(req: CompletionRequest): ReturnType<typeof invalid> | undefined {
  const messages = req.messages ?? [];
  if (messages.length === 0) return invalid('messages: at least one message is required', 'messages');
  // Every tool message answers a tool call of the assistant turns before it, as OpenAI requires.
  const asked = new Set<string>();
  for (const [i, message] of messages.entries()) {
    for (const call of message.tool_calls ?? []) asked.add(call.id);
    if (message.role === 'tool' && !asked.has(message.tool_call_id ?? '')) {
      return invalid(
        `Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (messages.${i}).`,
        `messages.[${i}].role`,
      );
    }
  }
  const forced = (req.tool_choice as { function?: { name?: string } } | undefined)?.function?.name;
  if (forced !== undefined && !(req.tools ?? []).some((tool) => tool.function.name === forced)) {
    return invalid(`tool_choice names ${forced}, which is not in tools`, 'tool_choice');
  }
  const format = req.response_format;
  if (format?.type === 'json_schema' && typeof format.json_schema?.schema !== 'object') {
    return invalid("response_format: json_schema needs 'json_schema.schema'", 'response_format');
  }
  if (req.temperature !== undefined && (req.temperature < 0 || req.temperature > 2)) {
    return invalid('temperature must be between 0 and 2', 'temperature');
  }
  return undefined;
}

/** Checks in vLLM's order: body, model, request shape, response_format, quota, then the scripted reply. */
export async function handleChat(
  ctx: ChatContext,
  res: ServerResponse,
  req: CompletionRequest | undefined,
  call: CallRecord,
): Promise<void> {
  if (req === undefined) return sendError(res, 400, invalid('The request body is not valid JSON.'));
  if (typeof req.model !== 'string' || req.model === '')
    return sendError(res, 400, invalid('model is required', 'model'));
  if (!ctx.models.has(req.model)) {
    return sendError(res, 404, {
      message: `The model \`${req.model}\` does not exist.`,
      type: 'NotFoundError',
      code: 404,
    });
  }
  const bad = invalidRequest(req);
  if (bad) return sendError(res, 400, bad);
  if (req.response_format?.type === 'json_schema' && ctx.jsonSchema === 'reject') {
    return sendError(
      res,
      400,
      invalid('response_format type json_schema is not supported by this server', 'response_format'),
    );
  }
  const wait = ctx.quota?.take() ?? 0;
  if (wait > 0) {
    const [status, fields] = SERVICE_ERRORS['rate-limited'];
    return sendError(res, status, fields, retryAfterHeaders(wait / 1000));
  }

  // A server that ignores json_schema generates as if it had not been asked.
  const seen = ctx.jsonSchema === 'ignore' ? { ...req, response_format: undefined } : req;
  call.scripted = true;
  let reply: Reply | undefined;
  try {
    reply = ctx.script.pick(seen);
  } catch (error) {
    return sendError(res, 500, {
      message: `stand-in: reply function threw: ${(error as Error)?.message ?? error}`,
      type: 'InternalServerError',
    });
  }
  if (reply === undefined) return sendError(res, 500, { message: NO_MATCH, type: 'InternalServerError' });
  if (reply === null || typeof reply !== 'object') {
    return sendError(res, 500, {
      message: 'stand-in: reply function returned no reply object',
      type: 'InternalServerError',
    });
  }
  if (!(await delay(reply.latencyMs ?? ctx.latencyMs, ctx.closing))) return;

  const stream = req.stream === true;
  if (reply.oversized) {
    call.bytesPulled = 0;
    return sendOversized(res, oversizedShape(req, stream), reply.oversized, (bytes) => {
      call.bytesPulled = (call.bytesPulled ?? 0) + bytes;
    });
  }
  if (reply.fault || reply.error) return playFault(res, reply, stream, completionChunks(req, reply));
  if (!stream) return sendJson(res, 200, completionBody(req, reply));
  startEvents(res);
  for (const chunk of completionChunks(req, reply)) writeEvent(res, chunk);
  writeEvent(res, '[DONE]');
  if (!gone(res)) res.end();
}
