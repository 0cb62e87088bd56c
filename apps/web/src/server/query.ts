import { CASE_FILTERS } from '@evalpacks/store';
import { z } from 'zod';

const offset = z.coerce.number().int().min(0).catch(0);
const optionalText = z
  .string()
  .optional()
  .transform((text) => (text?.trim() ? text.trim() : undefined));

/** Query strings are typed by hand into address bars: anything unreadable falls back to the default. */
export const RunsQuerySchema = z.object({ pack: optionalText, variant: optionalText, model: optionalText, offset });

export const RunQuerySchema = z.object({
  status: z.enum(CASE_FILTERS).catch('all'),
  q: z.string().catch('').default(''),
  offset,
});

export const RunIdSchema = z.coerce.number().int().positive();

export const CompareQuerySchema = z.object({
  a: RunIdSchema.optional().catch(undefined),
  b: RunIdSchema.optional().catch(undefined),
});

export const LiveQuerySchema = z.object({ after: z.coerce.number().int().min(0).catch(0) });

/** A page of a run's label queue, from 1. */
export const QueueQuerySchema = z.object({ page: z.coerce.number().int().min(1).catch(1) });
