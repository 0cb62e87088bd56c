import type { z } from 'zod';
import { type Transcript, TranscriptSchema } from '../schema/transcript.ts';

/**
 * What a pack's own agent gives back: a transcript whose bookkeeping the harness can fill in. Only
 * `answer` is required; a bare string is taken as the answer.
 */
export type AgentReply = string | (Partial<Transcript> & { answer: string });

/** What the harness knows about a call when the agent does not say. */
export interface ReplyDefaults {
  input: string;
  model: string;
  latencyMs: number;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return `field "${issue.path.join('.') || '(transcript)'}": ${issue.message}`;
}

/**
 * Validates an agent's reply with the transcript schema, defaults filled in. An invalid reply throws a
 * plain Error, which the runner records as that case's agent error: the other cases still run.
 */
export function transcriptFromReply(reply: unknown, defaults: ReplyDefaults): Transcript {
  const raw = typeof reply === 'string' ? { answer: reply } : reply;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const kind = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw;
    throw new Error(`agent returned ${kind}, not a transcript object with an "answer"`);
  }
  // One call answers one turn: the conversation is the runner's to assemble, never the agent's to claim.
  const { conversation: _c, conversationEnd: _e, userError: _u, userUsage: _uu, ...turn } = raw as Partial<Transcript>;
  const parsed = TranscriptSchema.safeParse({ turns: 1, ...defaults, ...turn });
  if (parsed.success) return parsed.data;
  throw new Error(`agent returned an invalid transcript: ${describeIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
}
