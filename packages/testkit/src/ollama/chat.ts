import type { ServerResponse } from 'node:http';
import { delay } from '../common/io.ts';
import { modelNotFound, playFault } from './faults.ts';
import { normalizeModel } from './match.ts';
import { gone, sendError, sendJson, startStream, writeLine } from './respond.ts';
import type { Script } from './script.ts';
import type { ChatRequest, Reply } from './types.ts';
import { chatChunks, chatResponse, loadResponse, metricsFor } from './wire.ts';

export const NO_MATCH = 'stand-in: no scripted reply matched this request';

export interface ChatContext {
  models: ReadonlySet<string>;
  script: Script;
  latencyMs: number;
  /** Aborted by close(), so replies still waiting out their latency are dropped. */
  closing: AbortSignal;
}

/** Checks in the real server's order: body, model name, model presence, then generation. */
export async function handleChat(
  ctx: ChatContext,
  res: ServerResponse,
  raw: string,
  body: unknown,
  startedAt: number,
): Promise<void> {
  if (raw === '') return sendError(res, 400, 'missing request body');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return sendError(res, 400, 'stand-in: request body is not a JSON object');
  }
  const req = body as ChatRequest;
  if (typeof req.model !== 'string' || req.model === '') return sendError(res, 400, 'model is required');
  if (!ctx.models.has(normalizeModel(req.model))) return sendError(res, 404, modelNotFound(req.model));
  if (!req.messages || req.messages.length === 0) return sendJson(res, 200, loadResponse(req));

  let reply: Reply | undefined;
  try {
    reply = ctx.script.pick(req);
  } catch (error) {
    return sendError(res, 500, `stand-in: reply function threw: ${(error as Error)?.message ?? error}`);
  }
  if (reply === undefined) return sendError(res, 500, NO_MATCH);
  if (reply === null || typeof reply !== 'object') {
    return sendError(res, 500, 'stand-in: reply function returned no reply object');
  }

  if (!(await delay(reply.latencyMs ?? ctx.latencyMs, ctx.closing))) return;

  // Ollama streams unless told not to; ollama-js always says, other clients may not.
  const stream = req.stream !== false;
  const metrics = metricsFor(req, reply, startedAt);
  if (reply.fault) return playFault(reply.fault, res, req.model, stream, chatChunks(req, reply, metrics));
  if (!stream) return sendJson(res, 200, chatResponse(req, reply, metrics));
  startStream(res);
  for (const chunk of chatChunks(req, reply, metrics)) writeLine(res, chunk);
  if (!gone(res)) res.end();
}
