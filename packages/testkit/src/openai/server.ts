import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen, parseJson, readBody } from '../common/io.ts';
import { closingController, standInControls } from '../common/lifecycle.ts';
import { RuleList } from '../common/rule-list.ts';
import { type ChatContext, handleChat } from './chat.ts';
import { FAULTS } from './faults.ts';
import { matches } from './match.ts';
import { TokenBucket } from './quota.ts';
import { gone, sendError, sendJson } from './respond.ts';
import type { CallRecord, CompletionRequest, Matcher, OpenAIStandIn, OpenAIStandInOptions } from './types.ts';
import { modelList } from './wire.ts';

const DEFAULT_MODELS = ['qwen3.5-4b'];

interface State extends ChatContext {
  calls: CallRecord[];
  apiKey?: string;
  inFlight: number;
  peakInFlight: number;
}

/**
 * A real HTTP server on loopback that answers like an OpenAI-compatible serving engine (vLLM, SGLang,
 * llama.cpp's server, LM Studio) from scripted rules: `/v1/models` and `/v1/chat/completions`,
 * streamed as server-sent events or not.
 */
export async function startOpenAIStandIn(options: OpenAIStandInOptions = {}): Promise<OpenAIStandIn> {
  const closing = closingController();
  const state: State = {
    models: new Set(options.models ?? DEFAULT_MODELS),
    jsonSchema: options.jsonSchema ?? 'honour',
    ...(options.quota && { quota: new TokenBucket(options.quota) }),
    script: new RuleList(matches, FAULTS),
    latencyMs: options.latencyMs ?? 0,
    closing: closing.signal,
    calls: [],
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    inFlight: 0,
    peakInFlight: 0,
  };

  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, {
          message: `stand-in: ${(error as Error)?.message ?? error}`,
          type: 'InternalServerError',
        });
      else if (!gone(res)) res.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0);
  const controls = standInControls(port, state, () => shutDown(server, closing));
  return {
    ...controls,
    baseURL: `${controls.url}/v1`,
    get peakInFlight() {
      return state.peakInFlight;
    },
    chatCalls: (filter?: Matcher) =>
      state.calls.filter(
        (call): call is CallRecord & { body: CompletionRequest } =>
          call.scripted === true && call.body !== undefined && matches(filter, call.body),
      ),
  };
}

function authOf(state: State, req: IncomingMessage): CallRecord['auth'] {
  if (state.apiKey === undefined) return 'unchecked';
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return 'missing';
  return header.slice('Bearer '.length) === state.apiKey ? 'valid' : 'wrong';
}

async function handle(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const at = Date.now();
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const method = req.method ?? 'GET';
  const parsed = parseJson(await readBody(req));
  const body =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CompletionRequest) : undefined;
  const call: CallRecord = { method, path, body, auth: authOf(state, req), at };
  state.calls.push(call);
  res.once('finish', () => {
    call.status = res.statusCode;
  });

  if (call.auth === 'missing' || call.auth === 'wrong') {
    // The key is never echoed back, not even masked: a stand-in's logs must not teach tests to print it.
    return sendError(res, 401, {
      message: 'Incorrect API key provided.',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
  }
  const route = `${method} ${path}`;
  if (route === 'GET /v1/models') return sendJson(res, 200, modelList([...state.models]));
  if (route === 'GET /health') return sendJson(res, 200, {});
  if (route !== 'POST /v1/chat/completions') {
    return sendError(res, 404, { message: `stand-in: no route ${method} ${path}`, type: 'NotFoundError', code: 404 });
  }
  state.inFlight += 1;
  state.peakInFlight = Math.max(state.peakInFlight, state.inFlight);
  res.once('close', () => {
    state.inFlight -= 1;
  });
  return handleChat(state, res, body, call);
}

/** Hung and kept-alive sockets would hold server.close() open forever, so they are cut first. */
function shutDown(server: Server, closing: AbortController): Promise<void> {
  closing.abort();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
