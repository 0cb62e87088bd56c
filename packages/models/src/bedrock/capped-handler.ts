import { Readable, Transform } from 'node:stream';
import type { RuntimeExtension } from '@aws-sdk/client-bedrock-runtime';
import { declaredSize, MAX_REPLY_BYTES, ReplyTooLargeError } from '../common/reply-cap.ts';

type ExtensionConfiguration = Parameters<RuntimeExtension['configure']>[0];
type RequestHandler = ReturnType<ExtensionConfiguration['httpHandler']>;
type HandlerResult = Awaited<ReturnType<RequestHandler['handle']>>;

/**
 * `body` passed on until `limit` bytes; past it (or when `declared` is over it) the source is destroyed,
 * which cancels the HTTP/2 stream, and the body errors with a ReplyTooLargeError.
 */
function capNodeBody(body: Readable, limit: number, declared: number | undefined): Readable {
  if (declared !== undefined && declared > limit) {
    body.destroy();
    return new Readable({
      read() {
        this.destroy(new ReplyTooLargeError(limit, declared));
      },
    });
  }
  let read = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read <= limit) return done(null, chunk);
      body.unpipe(capped);
      body.destroy();
      done(new ReplyTooLargeError(limit, declared));
    },
  });
  body.once('error', (error) => capped.destroy(error));
  return body.pipe(capped);
}

/** The SDK's own handler (HTTP/2 for Bedrock Runtime), with every reply body capped at `limit` bytes. */
function cappedHandler(inner: RequestHandler, limit: number): RequestHandler {
  return {
    ...(inner.metadata && { metadata: inner.metadata }),
    async handle(...args: Parameters<RequestHandler['handle']>): Promise<HandlerResult> {
      const result = await inner.handle(...args);
      const { response } = result;
      if (response.body instanceof Readable) {
        response.body = capNodeBody(response.body, limit, declaredSize(response.headers['content-length']));
      }
      return result;
    },
    updateHttpClientConfig: (key, value) => inner.updateHttpClientConfig(key, value),
    httpHandlerConfigs: () => inner.httpHandlerConfigs(),
    destroy: () => inner.destroy?.(),
  };
}

/**
 * A client extension that caps every reply the Bedrock client reads at `limit` bytes (the AWS SDK has no
 * such limit: its collector reads a body whole). It wraps whatever handler the client made, so signing,
 * HTTP/2 and the timeout stay the SDK's own; a reply past the cap fails its call with a ReplyTooLargeError.
 */
export function capRepliesExtension(limit = MAX_REPLY_BYTES): RuntimeExtension {
  return {
    configure(configuration) {
      configuration.setHttpHandler(cappedHandler(configuration.httpHandler(), limit));
    },
  };
}
