import type { Http2ServerResponse } from 'node:http2';
import { delay } from '../common/io.ts';
import { sendOversized } from '../common/oversized.ts';
import type { RuleList } from '../common/rule-list.ts';
import { playFault, SERVICE_ERRORS } from './faults.ts';
import { sendError, sendJson } from './respond.ts';
import type { CallRecord, ConverseRequest, Matcher, Reply, Rule } from './types.ts';
import { converseResponse, oversizedShape } from './wire.ts';

export const NO_MATCH = 'stand-in: no scripted reply matched this request';

export interface ConverseContext {
  models: ReadonlySet<string>;
  notEnabled: ReadonlySet<string>;
  script: RuleList<ConverseRequest, Reply, Matcher, Rule>;
  latencyMs: number;
  /** Aborted by close(), so replies still waiting out their latency are dropped. */
  closing: AbortSignal;
}

/** What Bedrock's request validation would refuse, as its ValidationException message; undefined if fine. */
function invalidRequest(req: ConverseRequest): string | undefined {
  const messages = req.messages ?? [];
  if (messages.length === 0 || messages[0]?.role !== 'user') {
    return 'A conversation must start with a user message. Try again with a conversation that starts with a user message.';
  }
  const tools = (req.toolConfig?.tools ?? []).flatMap((tool) => (tool.toolSpec ? [tool.toolSpec.name] : []));
  const forced = req.toolConfig?.toolChoice?.tool?.name;
  if (forced !== undefined && !tools.includes(forced)) {
    return `The tool ${forced} in toolChoice is not defined in toolConfig.tools.`;
  }
  // Every toolResult must answer a toolUse of the assistant turn right before it.
  for (let i = 1; i < messages.length; i++) {
    const asked = new Set(
      (messages[i - 1]?.content ?? []).flatMap((block) => (block.toolUse ? [block.toolUse.toolUseId] : [])),
    );
    for (const block of messages[i]?.content ?? []) {
      if (block.toolResult && !asked.has(block.toolResult.toolUseId)) {
        return `messages.${i}: toolResult ${block.toolResult.toolUseId} does not answer a toolUse of the previous turn.`;
      }
    }
  }
  const temperature = req.inferenceConfig?.temperature;
  if (temperature !== undefined && (temperature < 0 || temperature > 1)) {
    return 'temperature: range: 0..1';
  }
  return undefined;
}

/** Checks in the service's order: model id, model access, request shape, then the scripted reply. */
export async function handleConverse(
  ctx: ConverseContext,
  res: Http2ServerResponse,
  req: ConverseRequest | undefined,
  startedAt: number,
  call: CallRecord,
): Promise<void> {
  if (req === undefined) return sendError(res, 400, 'SerializationException', 'The request body is not valid JSON.');
  if (!ctx.models.has(req.modelId) && !ctx.notEnabled.has(req.modelId)) {
    const [status, type, message] = SERVICE_ERRORS.validation;
    return sendError(res, status, type, message);
  }
  if (ctx.notEnabled.has(req.modelId)) {
    const [status, type, message] = SERVICE_ERRORS['access-denied'];
    return sendError(res, status, type, message);
  }
  const invalid = invalidRequest(req);
  if (invalid) return sendError(res, 400, 'ValidationException', invalid);

  let reply: Reply | undefined;
  try {
    reply = ctx.script.pick(req);
  } catch (error) {
    return sendError(
      res,
      500,
      'InternalServerException',
      `stand-in: reply function threw: ${(error as Error).message}`,
    );
  }
  if (reply === undefined) return sendError(res, 500, 'InternalServerException', NO_MATCH);
  if (reply === null || typeof reply !== 'object') {
    return sendError(res, 500, 'InternalServerException', 'stand-in: reply function returned no reply object');
  }
  if (!(await delay(reply.latencyMs ?? ctx.latencyMs, ctx.closing))) return;
  if (reply.oversized) {
    call.bytesPulled = 0;
    return sendOversized(res, oversizedShape(req, performance.now() - startedAt), reply.oversized, (bytes) => {
      call.bytesPulled = (call.bytesPulled ?? 0) + bytes;
    });
  }
  if (reply.fault || reply.error) return playFault(res, reply);
  sendJson(res, 200, converseResponse(req, reply, performance.now() - startedAt));
}
