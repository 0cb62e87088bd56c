import { causeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { RetriesExhaustedError } from '../common/retry.ts';
import { OllamaTimeoutError } from './client.ts';

/** Statuses that say "not now": a crashed runner (500), a proxy without its server (502, 504), a full queue (503). */
const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Socket-level failures of a server that was there a moment ago (undici names them UND_ERR_*). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);

function statusOf(err: unknown): number | undefined {
  const response = causeChain(err).find((e) => fieldOf(e, 'name') === 'ResponseError');
  const status = fieldOf(response, 'status_code');
  return typeof status === 'number' ? status : undefined;
}

function isReset(err: unknown): boolean {
  return causeChain(err).some((e) => {
    const code = fieldOf(e, 'code');
    // undici ends a body cut mid-stream with a bare TypeError('terminated').
    return (
      (typeof code === 'string' && RESET_CODES.has(code)) || (e instanceof TypeError && e.message === 'terminated')
    );
  });
}

function isTimeout(err: unknown): boolean {
  return causeChain(err).some((e) => e instanceof OllamaTimeoutError);
}

/**
 * Whether trying again may help: 5xx and 429, a connection reset, a request that timed out. A server
 * that is not there at all (refused, unknown host) and every 4xx answer are final.
 */
export function isTransientOllamaError(err: unknown): boolean {
  if (unreachableCode(err) !== undefined) return false;
  const status = statusOf(err);
  if (status !== undefined) return TRANSIENT_STATUSES.has(status);
  return isReset(err) || isTimeout(err);
}

/** A request that lost its connection or got no answer in time, as opposed to an HTTP error the server sent. */
export function lostConnection(err: unknown): boolean {
  return statusOf(err) === undefined && (isReset(err) || isTimeout(err));
}

/** A 404 from Ollama: the model is not (or no longer) on that server, or a proxy in front has no such route. */
export function missingModel(err: unknown): boolean {
  return statusOf(err) === 404;
}

/** The connection failure code that says nothing listens there (ECONNREFUSED, ...), if `err` has one. */
export function unreachableCode(err: unknown): string | undefined {
  const code = causeChain(err)
    .map((e) => fieldOf(e, 'code'))
    .find((c): c is string => typeof c === 'string' && UNREACHABLE_CODES.has(c));
  return code;
}

/** What to do about a transient failure that did not pass: each cause has its own fix. */
function fixFor(err: unknown): string | undefined {
  const status = statusOf(err);
  if (status === 503) return 'the server is busy (its queue is full): lower --concurrency, or raise OLLAMA_MAX_QUEUE';
  if (status === 502 || status === 504) {
    return 'a proxy in front of Ollama got no answer from it: check that `ollama serve` runs behind it, and its log';
  }
  if (status === 500 || status === 429) {
    return 'the model runner keeps failing (often out of memory): check `ollama ps` and the server log (journalctl -u ollama, or ~/.ollama/logs/server.log), or lower --concurrency';
  }
  if (isTimeout(err))
    return 'no answer in time: check `ollama ps` (is the model loaded, on the GPU?), raise --timeout or lower --concurrency';
  if (isReset(err))
    return 'the server dropped the connection mid-answer: check the server log for a crash, and `ollama ps`';
  return undefined;
}

/** `(6 attempts) — fix` for a transient failure that persisted; empty for any other failure. */
export function persistenceNote(err: unknown): string {
  const attempts = causeChain(err).find((e) => e instanceof RetriesExhaustedError) as RetriesExhaustedError | undefined;
  const fix = isTransientOllamaError(err) ? fixFor(err) : undefined;
  const tried = attempts ? ` (${attempts.attempts} attempts)` : '';
  return fix ? `${tried}; ${fix}` : tried;
}
