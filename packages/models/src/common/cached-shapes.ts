import { StopReasonSchema } from '@evalpacks/core';
import { z } from 'zod';

/**
 * The shapes the call cache replays. A cached entry without them (a store edited by hand, an older
 * layout) is a miss to fetch again, never a reply replayed as an error forever.
 */
const StreamEvents = z.array(z.object({ type: z.string() })).min(1);
const JudgeAnswer = z.object({
  text: z.string(),
  usage: z.object({ input: z.number(), output: z.number() }),
  latencyMs: z.number(),
  retries: z.number().optional(),
  stopReason: StopReasonSchema.optional(),
});

const check = (schema: z.ZodType) => (cached: unknown) => schema.safeParse(cached).success;

/** One agent turn as a Strands model provider streamed it (strands/cached-model.ts). */
export const isStreamEvents = check(StreamEvents);
/** One judge answer as the JudgePort returned it (common/cached-judge.ts). */
export const isJudgeAnswer = check(JudgeAnswer);
