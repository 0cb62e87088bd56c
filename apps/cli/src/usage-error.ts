/** A mistake in how the command was called: reported in one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
