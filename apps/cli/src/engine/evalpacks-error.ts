/** What kind of trouble stopped an engine call; the CLI exits 2 on each. */
export type EvalpacksErrorKind = 'usage' | 'input' | 'infrastructure' | 'unexpected';

/**
 * Why an engine call (evaluate, compare) could not give a result: bad options, a pack or case file that does
 * not load, a model server that cannot be reached, a bug. `message` is the one line the CLI prints after
 * `evalpacks: `; `exitCode` is the CLI's, 2; `cause` is the error underneath. A run that ends with failures
 * is no error: it resolves, with exitCode 1.
 */
export class EvalpacksError extends Error {
  override name = 'EvalpacksError';
  readonly exitCode = 2 as const;

  constructor(
    message: string,
    readonly kind: EvalpacksErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
