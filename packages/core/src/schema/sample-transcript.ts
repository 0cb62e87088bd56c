import { z } from 'zod';
import { TranscriptSchema } from './transcript.ts';

/**
 * A pack's hand-written answer for one case, `fixtures/<case-id>.json`: the Transcript fields plus
 * `"sample": true`, so nobody mistakes it for a model's output. Offline runs use it when the call
 * cache has no answer.
 */
export const SampleTranscriptSchema = TranscriptSchema.extend({
  sample: z.literal(true, { error: 'must be true: a fixture is a hand-written sample, and says so' }),
});
export type SampleTranscript = z.infer<typeof SampleTranscriptSchema>;
