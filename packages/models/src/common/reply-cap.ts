import { MAX_AGENT_BODY_BYTES } from '@evalpacks/core/runner';
import { causeChain } from './cause-chain.ts';

/** The most of one reply read from a model server: the HTTP agent's cap. A longer reply is cut and fails its call. */
export const MAX_REPLY_BYTES = MAX_AGENT_BODY_BYTES;

const MiB = 1024 * 1024;

function mebibytes(bytes: number): string {
  return `${Number((bytes / MiB).toFixed(1))} MiB`;
}

/**
 * A reply that passed the cap: reading stopped there and the rest was never fetched. `size` is the whole
 * reply's when the server declared one over the limit (Content-Length), else unknown.
 */
export class ReplyTooLargeError extends Error {
  override name = 'ReplyTooLargeError';
  readonly size: number | undefined;
  /** The one-line reason; `message` starts as the same, but the AWS SDK appends its own hint to it. */
  readonly reason: string;

  constructor(
    readonly limit: number,
    declared?: number,
  ) {
    const size = declared !== undefined && declared > limit ? declared : undefined;
    const whole = size === undefined ? 'more than that' : `${mebibytes(size)} (${size} bytes)`;
    const reason = `the model server's reply was cut at ${mebibytes(limit)}, the most evalpacks reads of one reply: it is ${whole}`;
    super(reason);
    this.size = size;
    this.reason = reason;
  }
}

/** The cut reply behind `err`, wherever a client or Strands wrapped it. */
export function replyTooLarge(err: unknown): ReplyTooLargeError | undefined {
  return causeChain(err).find((e): e is ReplyTooLargeError => e instanceof ReplyTooLargeError);
}

/** A Content-Length header as a byte count, or undefined when absent or not a number. */
export function declaredSize(header: string | string[] | null | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
