import type { ServerResponse } from 'node:http';
import { gone, sendError, sendText, startStream, writeLine } from './respond.ts';
import type { Fault } from './types.ts';

/** Ollama's answer when OLLAMA_MAX_QUEUE requests are already waiting (server/sched.go). */
export const BUSY = 'server busy, please try again.  maximum pending requests exceeded';

/** What nginx sends when the Ollama behind it does not answer. */
const BAD_GATEWAY =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

export function modelNotFound(model: string): string {
  return `model ${JSON.stringify(model)} not found, try pulling it first`;
}

/**
 * Plays a scripted fault. `chunks` is what a healthy streamed reply would have sent, so that a
 * mid-stream reset or a malformed stream starts out looking like the real thing.
 */
export function playFault(fault: Fault, res: ServerResponse, model: string, stream: boolean, chunks: object[]): void {
  switch (fault) {
    case 'http-500':
      sendError(res, 500, 'llama runner process has terminated: stand-in http-500 fault');
      break;
    case 'http-502':
      sendText(res, 502, BAD_GATEWAY, 'text/html');
      break;
    case 'busy':
      sendError(res, 503, BUSY);
      break;
    case 'model-not-found':
      sendError(res, 404, modelNotFound(model));
      break;
    case 'hang':
      // Deliberately nothing: the socket stays open until the client aborts or close() destroys it.
      break;
    case 'reset':
      reset(res, stream, chunks);
      break;
    case 'malformed':
      malformed(res, model, stream, chunks);
      break;
    default:
      sendError(res, 500, `stand-in: unknown fault ${JSON.stringify(fault)}`);
  }
}

/** Without streaming the socket dies before any byte; with it, halfway through and never after `done`. */
function reset(res: ServerResponse, stream: boolean, chunks: object[]): void {
  if (!stream) {
    res.socket?.destroy();
    return;
  }
  startStream(res);
  // Headers go out even with no chunk to send, so the client always sees a stream that breaks.
  res.flushHeaders();
  const beforeDone = chunks.slice(0, -1);
  for (const chunk of beforeDone.slice(0, Math.ceil(beforeDone.length / 2))) writeLine(res, chunk);
  // Let the partial chunks reach the client first, so it sees a stream cut short, not a refused reply.
  setTimeout(() => res.socket?.destroy(), 20).unref();
}

function malformed(res: ServerResponse, model: string, stream: boolean, chunks: object[]): void {
  if (gone(res)) return;
  if (!stream) {
    const full = JSON.stringify({ model, message: { role: 'assistant', content: 'cut' } });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(full.slice(0, Math.floor(full.length / 2)));
    return;
  }
  startStream(res);
  if (chunks[0]) writeLine(res, chunks[0]);
  res.end('{"model": not json\n');
}
