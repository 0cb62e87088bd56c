/**
 * A failure no case can survive (model server unreachable, model not pulled, bad credentials).
 * The runner stops at the first one; the CLI prints `fix` on one line and exits 2.
 */
export class InfrastructureError extends Error {
  override name = 'InfrastructureError';
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
  }
}
