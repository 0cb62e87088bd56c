/**
 * Replies too big to hold: a body of `bytes` made piece by piece as the socket takes it, so a test of a
 * client's size cap holds none of it and can tell how much the client really read.
 */

/** A reply whose body is `bytes` long: valid for its API, its text padding; made lazily as it is sent. */
export interface Oversized {
  /** The whole body's size in bytes (64 MiB is 67108864). */
  bytes: number;
  /** Send Content-Length, as a server that knows its size does; else the body is chunked. Default true. */
  declareLength?: boolean;
}

/** The body's shape: `head`, then pieces `unit(filler)` (filler is plain ASCII), then `tail`. */
export interface OversizedShape {
  head: string;
  unit: (filler: string) => string;
  tail: string;
  contentType: string;
}

/** What an HTTP/1 and an HTTP/2 compatibility response both offer for writing a body with backpressure. */
export interface StreamingReply {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: string): boolean;
  end(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
}

/** Filler per piece: small against a socket's buffers, so backpressure holds back nearly all of a big body. */
const PIECE = 64 * 1024;

/** The filler lengths of the pieces between head and tail, summing with the units' overhead to `room`. */
function fillerLengths(room: number, overhead: number): number[] {
  const count = Math.ceil(room / (PIECE + overhead));
  const filler = room - count * overhead;
  if (count === 0 || filler < count) return [];
  const each = Math.floor(filler / count);
  return Array.from({ length: count }, (_, i) => each + (i < filler % count ? 1 : 0));
}

/** The pieces of the body in order, each made only when asked for. Throws at once when `bytes` cannot hold the shape. */
export function oversizedPieces(shape: OversizedShape, bytes: number): Iterable<string> {
  const overhead = shape.unit('').length;
  const lengths = fillerLengths(bytes - shape.head.length - shape.tail.length, overhead);
  if (lengths.length === 0) {
    throw new RangeError(`stand-in: oversized.bytes ${bytes} is too small for this reply's shape`);
  }
  return (function* () {
    yield shape.head;
    let filler = '';
    for (const length of lengths) {
      if (filler.length !== length) filler = 'x'.repeat(length);
      yield shape.unit(filler);
    }
    yield shape.tail;
  })();
}

/** A body's head and tail around the spot where `marker` sits in its JSON text. */
export function around(json: string, marker: string): { head: string; tail: string } {
  const at = json.indexOf(marker);
  return { head: json.slice(0, at), tail: json.slice(at + marker.length) };
}

function sent(res: StreamingReply): boolean {
  return res.destroyed || res.writableEnded;
}

/** Resolves once the socket takes more, or the client went away. */
function drained(res: StreamingReply): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Sends an oversized reply with status 200, making each piece when the socket can take it and stopping
 * when the client goes away. `pulled` is told the size of every piece handed to the socket.
 */
export async function sendOversized(
  res: StreamingReply,
  shape: OversizedShape,
  spec: Oversized,
  pulled: (bytes: number) => void,
): Promise<void> {
  if (!(Number.isSafeInteger(spec.bytes) && spec.bytes > 0)) {
    throw new RangeError(`stand-in: oversized.bytes must be a positive integer, not ${JSON.stringify(spec.bytes)}`);
  }
  const pieces = oversizedPieces(shape, spec.bytes);
  const headers: Record<string, string> = { 'content-type': shape.contentType };
  if (spec.declareLength !== false) headers['content-length'] = String(spec.bytes);
  res.writeHead(200, headers);
  for (const piece of pieces) {
    if (sent(res)) return;
    pulled(piece.length);
    if (!res.write(piece)) await drained(res);
  }
  if (!sent(res)) res.end();
}
