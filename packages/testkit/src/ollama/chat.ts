import type { ServerResponse } from 'node:http';
import { delay } from '../common/io.ts';
import { sendOversized } from '../common/oversized.ts';
import { contextFor, fitPrompt } from './context.ts';
import { BUSY, modelNotFound, playFault } from './faults.ts';
import { normalizeModel } from './match.ts';
import type { ModelEntry } from './models.ts';
import type { Residency } from './residency.ts';
import { gone, sendError, sendJson, startStream, writeLine } from './respond.ts';
import type { Script } from './script.ts';
import type { CallRecord, ChatRequest, Reply } from './types.ts';
import { chatChunks, chatResponse, generate, loadResponse, metricsFor, oversizedShape } from './wire.ts';

export const NO_MATCH = 'stand-in: no scripted reply matched this request';

export interface ChatContext {
  models: ReadonlyMap<string, ModelEntry>;
  script: Script;
  latencyMs: number;
  defaultNumCtx: number;
  contextShift: boolean;
  ignoreNumCtx: boolean;
  maxQueue: number;
  residency: Residency;
  /** Chat requests being answered right now, for the queue limit. */
  inFlight: number;
  /** Aborted by close(), so replies still waiting out their latency are dropped. */
  closing: AbortSignal;
}

/** The name Ollama's capability errors use: the fully qualified registry name. */
function qualified(model: string): string {
  const name = normalizeModel(model);
  return name.includes('/') ? name : `registry.ollama.ai/library/${name}`;
}

/** Thinking is on when asked for, and by default on a model that can think (server/routes.go). */
function thinkingOn(req: ChatRequest, model: ModelEntry): boolean {
  if (req.think === undefined || req.think === null) return model.capabilities.includes('thinking');
  return req.think !== false;
}

/** Checks in the real server's order: body, model name and presence, capabilities, queue, load, prompt. */
export async function handleChat(
  ctx: ChatContext,
  res: ServerResponse,
  raw: string,
  record: CallRecord,
  startedAt: number,
): Promise<void> {
  const body = record.body;
  if (raw === '') return sendError(res, 400, 'missing request body');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return sendError(res, 400, 'stand-in: request body is not a JSON object');
  }
  const req = body as ChatRequest;
  if (typeof req.model !== 'string' || req.model === '') return sendError(res, 400, 'model is required');
  const model = ctx.models.get(normalizeModel(req.model));
  if (!model) return sendError(res, 404, modelNotFound(req.model));
  if (req.think !== undefined && req.think !== false && !model.capabilities.includes('thinking')) {
    return sendError(res, 400, `${JSON.stringify(req.model)} does not support thinking`);
  }
  if ((req.tools ?? []).length > 0 && !model.capabilities.includes('tools')) {
    return sendError(res, 400, `${qualified(req.model)} does not support tools`);
  }
  if (ctx.inFlight >= ctx.maxQueue) return sendError(res, 503, BUSY);
  ctx.inFlight += 1;
  try {
    await answer(ctx, res, req, model, record, startedAt);
  } finally {
    ctx.inFlight -= 1;
  }
}

async function answer(
  ctx: ChatContext,
  res: ServerResponse,
  req: ChatRequest,
  model: ModelEntry,
  record: CallRecord,
  startedAt: number,
): Promise<void> {
  const asSeen = ctx.ignoreNumCtx ? { ...req, options: { ...req.options, num_ctx: undefined } } : req;
  const numCtx = contextFor(asSeen, ctx.defaultNumCtx, model.contextLength);
  const lease = await ctx.residency.acquire(model.name, numCtx, req.keep_alive);
  if (lease === undefined) return;
  // Ollama holds a request's runner until the request's context ends (sched.go, useLoadedRunner): when
  // the reply is done or the client goes away. So a hung reply keeps its model in use, as a real one does.
  if (res.closed) lease.release();
  else res.once('close', lease.release);
  if (!req.messages || req.messages.length === 0) return sendJson(res, 200, loadResponse(req));
  const seen = fitPrompt(req, numCtx, ctx.contextShift);
  if (typeof seen === 'string') return sendError(res, 400, seen);
  record.seen = seen;

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
  const generated = generate(req, reply, thinkingOn(req, model));
  const truncated = seen.cut || seen.droppedMessages > 0;
  const promptCount = truncated ? seen.evaluatedTokens : (reply.promptTokens ?? seen.evaluatedTokens);
  const metrics = metricsFor(promptCount, generated, lease.loadMs, startedAt);
  if (reply.oversized) {
    const shape = oversizedShape(req, stream && !reply.oversized.whole, metrics);
    record.bytesPulled = 0;
    return sendOversized(res, shape, reply.oversized, (bytes) => {
      record.bytesPulled = (record.bytesPulled ?? 0) + bytes;
    });
  }
  if (reply.fault) return playFault(reply.fault, res, req.model, stream, chatChunks(req, generated, metrics));
  if (!stream) return sendJson(res, 200, chatResponse(req, generated, metrics));
  startStream(res);
  for (const chunk of chatChunks(req, generated, metrics)) writeLine(res, chunk);
  if (!gone(res)) res.end();
}
