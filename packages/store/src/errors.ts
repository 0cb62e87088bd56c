import { InfrastructureError } from '@evalpacks/core/runner';

/** The store cannot be used as it is; the file is left exactly as found and the run stops (exit 2). */
export class StoreError extends InfrastructureError {
  override name = 'StoreError';
}
