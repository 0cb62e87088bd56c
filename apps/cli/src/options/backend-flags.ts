import { BACKEND_FLAGS, BACKEND_OPTIONS } from '../backends/registry.ts';
import type { FlagTable } from './flag-table.ts';

/**
 * Every backend's own flags (--ollama-host, --region, ...) as one table, made from the backends' entries
 * (registry.ts checks that each has one meaning on every backend). Every command that runs models takes
 * them, and --resume reuses them: where the models run is part of a run.
 */
export const BACKEND_FLAG_TABLE: FlagTable = Object.fromEntries(
  BACKEND_FLAGS.map((flag) => [
    flag.key,
    {
      flags: flag.flags,
      help: flag.help,
      schema: BACKEND_OPTIONS.shape[flag.key as keyof typeof BACKEND_OPTIONS.shape],
      commands: ['eval', 'compare', 'calibrate'],
      resume: true,
      ...(flag.repeatable && { repeatable: true }),
      ...(flag.default !== undefined && { default: flag.default }),
    },
  ]),
);
