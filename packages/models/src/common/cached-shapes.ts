import { z } from 'zod';

/**
 * The part of each backend's cached reply that the caller reads. A cached entry without it (a store
 * edited by hand, an older layout) is a miss to fetch again, never a reply replayed as an error forever.
 */
const OllamaReply = z.object({ message: z.object({ content: z.string() }) });
const ConverseReply = z.object({
  value: z.object({ output: z.object({ message: z.object({ content: z.array(z.object({})) }) }) }),
  retries: z.number(),
});
const CompletionReply = z.object({
  value: z.object({ choices: z.array(z.object({ message: z.object({}) })).min(1) }),
  retries: z.number(),
});
const StreamEvents = z.array(z.object({ type: z.string() })).min(1);

const check = (schema: z.ZodType) => (cached: unknown) => schema.safeParse(cached).success;

export const isOllamaReply = check(OllamaReply);
export const isConverseReply = check(ConverseReply);
export const isCompletionReply = check(CompletionReply);
export const isStreamEvents = check(StreamEvents);
