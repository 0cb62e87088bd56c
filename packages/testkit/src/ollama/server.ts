import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen, parseJson, readBody } from '../common/io.ts';
import { closingController, standInControls } from '../common/lifecycle.ts';
import { type ChatContext, handleChat } from './chat.ts';
import { matches, normalizeModel } from './match.ts';
import { modelEntry, OLLAMA_VERSION, showResponse, tagEntry } from './models.ts';
import { Residency } from './residency.ts';
import { gone, sendError, sendJson, sendText } from './respond.ts';
import { Script } from './script.ts';
import type { CallRecord, ChatRequest, Matcher, OllamaStandIn, StandInOptions } from './types.ts';

const DEFAULT_MODELS = ['qwen3.5:4b'];

/** Ollama's default context when neither the request nor OLLAMA_CONTEXT_LENGTH sets one (small GPUs). */
const DEFAULT_NUM_CTX = 4096;

interface State extends ChatContext {
  calls: CallRecord[];
}

/** A real HTTP server on loopback that answers like Ollama, from scripted rules. */
export async function startOllamaStandIn(options: StandInOptions = {}): Promise<OllamaStandIn> {
  const entries = (options.models ?? DEFAULT_MODELS).map(modelEntry);
  const closing = closingController();
  const state: State = {
    models: new Map(entries.map((entry) => [entry.name, entry])),
    script: new Script(),
    latencyMs: options.latencyMs ?? 0,
    defaultNumCtx: options.defaultNumCtx ?? DEFAULT_NUM_CTX,
    contextShift: options.contextShift ?? true,
    ignoreNumCtx: options.ignoreNumCtx ?? false,
    maxQueue: options.maxQueue ?? 512,
    residency: new Residency(options.maxLoaded ?? 3, options.loadDelayMs ?? 0, closing.signal),
    inFlight: 0,
    closing: closing.signal,
    calls: [],
  };

  const server = createServer((req, res) => {
    handle(state, req, res, options.basicAuth).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `stand-in: ${(error as Error)?.message ?? error}`);
      else if (!gone(res)) res.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0);

  const controls = standInControls(port, state, () => shutDown(server, closing));
  return {
    ...controls,
    get calls() {
      return controls.calls;
    },
    reset: () => {
      controls.reset();
      state.residency.clear();
    },
    loads: () => state.residency.loads,
    chatCalls: (filter?: Matcher) =>
      state.calls.filter(
        (call): call is CallRecord<ChatRequest> =>
          call.path === '/api/chat' && isChatRequest(call.body) && matches(filter, call.body),
      ),
  };
}

async function handle(state: State, req: IncomingMessage, res: ServerResponse, basicAuth?: string): Promise<void> {
  const at = Date.now();
  const startedAt = performance.now();
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  const body = parseJson(raw);
  const record: CallRecord = { path, method, body, at, headers: req.headers };
  state.calls.push(record);
  if (basicAuth !== undefined && req.headers.authorization !== `Basic ${Buffer.from(basicAuth).toString('base64')}`) {
    // What a reverse proxy with basic auth in front of Ollama answers, before Ollama sees the request.
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="ollama"', 'Content-Type': 'text/plain' });
    res.end('401 Unauthorized');
    return;
  }

  const route = `${method === 'HEAD' ? 'GET' : method} ${path}`;
  switch (route) {
    case 'GET /':
      return sendText(res, 200, 'Ollama is running');
    case 'GET /api/version':
      return sendJson(res, 200, { version: OLLAMA_VERSION });
    case 'GET /api/tags':
      return sendJson(res, 200, { models: [...state.models.values()].map(tagEntry) });
    case 'GET /api/ps':
      return sendJson(res, 200, state.residency.ps());
    case 'POST /api/show':
      return show(state, res, body);
    case 'POST /api/chat':
      return handleChat(state, res, raw, record, startedAt);
    default:
      // Gin's stock answer for an unknown route, which is what Ollama gives.
      return sendText(res, 404, '404 page not found');
  }
}

function show(state: State, res: ServerResponse, body: unknown): void {
  const fields = (body ?? {}) as { model?: unknown; name?: unknown };
  const model = fields.model || fields.name;
  if (typeof model !== 'string' || model === '') {
    sendError(res, 400, 'model is required');
    return;
  }
  const entry = state.models.get(normalizeModel(model));
  // The show route quotes the name with single quotes, unlike the chat route's "not found".
  if (!entry) sendError(res, 404, `model '${model}' not found`);
  else sendJson(res, 200, showResponse(entry));
}

function isChatRequest(body: unknown): body is ChatRequest {
  return typeof body === 'object' && body !== null && typeof (body as ChatRequest).model === 'string';
}

/** Hung and kept-alive sockets would hold server.close() open forever, so they are cut first. */
function shutDown(server: Server, closing: AbortController): Promise<void> {
  closing.abort();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
