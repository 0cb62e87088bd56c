import type { z } from 'zod';
import { UsageError } from '../usage-error.ts';
import { type RunConfig, RunConfigSchema } from './run-config.ts';

/** "record.config.flags: expected object, received null", "cases[3].epoch: missing": zod's first issue. */
export function firstIssue(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    prefix ?? '',
  );
  const message = (issue?.message ?? 'not valid').replace(/^Invalid input: /, '');
  return `${path ? `${path}: ` : ''}${/received undefined$/.test(message) ? 'missing' : message}`;
}

/**
 * A shard's run config checked in full before merge reads anything from it: a store or results.json
 * downloaded from a CI job is untrusted input. `where` names the file (and run), `prefix` the field's path.
 */
export function checkedConfig(config: unknown, where: string, prefix: string): RunConfig {
  const parsed = RunConfigSchema.safeParse(config);
  if (!parsed.success) throw new UsageError(`${where}: ${firstIssue(parsed.error, prefix)}`);
  return parsed.data;
}
