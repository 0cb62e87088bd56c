import {
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { listen, parseJson, readBody } from '../common/io.ts';
import { closingController, standInControls } from '../common/lifecycle.ts';
import { RuleList } from '../common/rule-list.ts';
import { checkBearer } from './api-key.ts';
import { type ConverseContext, handleConverse } from './converse.ts';
import { FAULTS } from './faults.ts';
import { matches } from './match.ts';
import { gone, sendError, sendJson } from './respond.ts';
import { checkSigV4 } from './sigv4.ts';
import type { BedrockStandIn, BedrockStandInOptions, CallRecord, ConverseRequest, Matcher } from './types.ts';

/** The cross-region inference profiles evalpacks defaults to. */
const DEFAULT_MODELS = ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'];

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream)$/;

interface State extends ConverseContext {
  calls: CallRecord[];
  keys?: Map<string, string>;
  apiKeys?: Set<string>;
}

/**
 * A real HTTP/2 server on loopback that answers Bedrock Runtime's Converse API from scripted rules.
 * HTTP/2 in cleartext is what the AWS SDK's default Node handler speaks to an `http://` endpoint,
 * so the client under test runs with its configuration unchanged.
 */
export async function startBedrockStandIn(options: BedrockStandInOptions = {}): Promise<BedrockStandIn> {
  const closing = closingController();
  const state: State = {
    models: new Set(options.models ?? DEFAULT_MODELS),
    notEnabled: new Set(options.notEnabled ?? []),
    script: new RuleList(matches, FAULTS),
    latencyMs: options.latencyMs ?? 0,
    closing: closing.signal,
    calls: [],
    ...(options.credentials && {
      keys: new Map(options.credentials.map((key) => [key.accessKeyId, key.secretAccessKey])),
    }),
    ...(options.apiKeys && { apiKeys: new Set(options.apiKeys) }),
  };

  const sessions = new Set<Http2Session>();
  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalServerException', `stand-in: ${(error as Error).message}`);
      else if (!gone(res)) res.stream.close(2);
    });
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const port = await listen(server, options.port ?? 0);

  return {
    ...standInControls(port, state, () => shutDown(server, sessions, closing)),
    converseCalls: (filter?: Matcher) =>
      state.calls.filter(
        (call): call is CallRecord & { body: ConverseRequest } =>
          call.body !== undefined && reachedScript(call) && matches(filter, call.body),
      ),
  };
}

const DENIED = { 'x-amzn-errortype': 'AccessDeniedException' };

/** Calls refused before the script (auth, unknown model) are recorded but are not "converse calls". */
function reachedScript(call: CallRecord): boolean {
  return call.auth === 'valid' || call.auth === 'unchecked';
}

async function handle(state: State, req: Http2ServerRequest, res: Http2ServerResponse): Promise<void> {
  const at = Date.now();
  const startedAt = performance.now();
  const raw = await readBody(req);
  const target = req.url;
  const path = target.split('?')[0] ?? target;
  const route = ROUTE.exec(path);
  const modelId = route?.[1] ? decodeURIComponent(route[1]) : '';
  const parsed = parseJson(raw);
  const body =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? ({ ...(parsed as object), modelId } as ConverseRequest)
      : undefined;
  const bearer = checkBearer(req.headers, state.apiKeys);
  const auth = bearer ?? checkSigV4({ method: req.method, target, headers: req.headers, body: raw }, state.keys);
  const call: CallRecord = {
    method: req.method,
    path,
    modelId,
    body,
    auth: auth.outcome,
    scheme: bearer ? 'bearer' : auth.outcome === 'unsigned' ? 'none' : 'sigv4',
    ...(auth.accessKeyId !== undefined && { accessKeyId: auth.accessKeyId }),
    ...(auth.region !== undefined && { region: auth.region }),
    at,
  };
  state.calls.push(call);
  res.once('finish', () => {
    call.status = res.statusCode;
  });

  switch (auth.outcome) {
    case 'unsigned':
      return sendError(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    case 'unknown-key':
      return sendError(
        res,
        403,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    // API-key refusals come from the service's front door: a 403 whose body says "Message", capitalised.
    case 'malformed-api-key':
      return sendJson(res, 403, { Message: 'Invalid API Key format: Must start with pre-defined prefix' }, DENIED);
    case 'unknown-api-key':
      return sendJson(res, 403, { Message: 'Authentication failed: Please make sure your API Key is valid.' }, DENIED);
    case 'bad-signature':
      return sendError(
        res,
        403,
        'InvalidSignatureException',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
      );
  }
  if (req.method !== 'POST' || !route) {
    return sendError(res, 404, 'UnknownOperationException', `stand-in: no operation at ${req.method} ${path}`);
  }
  if (route[2] === 'converse-stream') {
    return sendError(res, 501, 'NotImplemented', 'stand-in: converse-stream is not implemented; use stream: false');
  }
  return handleConverse(state, res, body, startedAt, call);
}

/** Hung streams and idle sessions would hold server.close() open forever, so they are cut first. */
function shutDown(server: Http2Server, sessions: Set<Http2Session>, closing: AbortController): Promise<void> {
  closing.abort();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    for (const session of sessions) session.destroy();
  });
}
