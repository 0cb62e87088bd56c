import { declaredSize, MAX_REPLY_BYTES, ReplyTooLargeError } from './reply-cap.ts';

/**
 * `body` passed on chunk by chunk until `limit` bytes: the chunk that passes it errors the stream with a
 * ReplyTooLargeError and cancels the source, so the rest is never fetched. A `declared` size over the limit
 * fails the first read without reading anything.
 */
export function capBody(
  body: ReadableStream<Uint8Array>,
  limit: number,
  declared?: number,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let read = 0;
  const cut = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    reader.cancel().catch(() => {});
    controller.error(new ReplyTooLargeError(limit, declared));
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (declared !== undefined && declared > limit) return cut(controller);
        const { done, value } = await reader.read();
        if (done) return controller.close();
        read += value.byteLength;
        if (read > limit) return cut(controller);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Pull only when the reader asks: nothing is read ahead of the client.
    { highWaterMark: 0 },
  );
}

/** The response with its body capped at `limit` bytes (see capBody); status and headers as they were. */
export function capResponse(response: Response, limit = MAX_REPLY_BYTES): Response {
  if (!response.body) return response;
  const body = capBody(response.body, limit, declaredSize(response.headers.get('content-length')));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A fetch whose every reply body is capped at `limit` bytes: what a model client reads from its server. */
export function cappedFetch(inner: typeof fetch, limit = MAX_REPLY_BYTES): typeof fetch {
  return async (input, init) => capResponse(await inner(input, init), limit);
}
