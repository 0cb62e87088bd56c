import { createHash } from 'node:crypto';
import { z } from 'zod';

/** One of N parts of a pack's cases, 1-based: `--shard 2/4`. */
export const ShardSchema = z
  .object({ index: z.number().int().min(1), count: z.number().int().min(1) })
  .refine((shard) => shard.index <= shard.count, { message: 'the shard index must be at most the shard count' });
export type Shard = z.infer<typeof ShardSchema>;

/** "2/4" into a shard; throws with the one-line reason when it is not one. */
export function parseShard(text: string): Shard {
  const found = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const parsed = found && ShardSchema.safeParse({ index: Number(found[1]), count: Number(found[2]) });
  if (!parsed?.success) throw new Error(`"${text}" is not a shard: use I/N with 1 <= I <= N, e.g. 2/4`);
  return parsed.data;
}

export const describeShard = (shard: Shard) => `${shard.index}/${shard.count}`;

/**
 * The shard (1-based) a case belongs to among `count`: a hash of its id alone, so adding or removing a
 * case never moves another, and every machine agrees without talking to the others.
 */
export function shardOfCase(caseId: string, count: number): number {
  const digest = createHash('sha256').update(caseId).digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

/** The cases of one shard, in their original order. */
export function casesInShard<C extends { id: string }>(cases: readonly C[], shard: Shard): C[] {
  return cases.filter((testCase) => shardOfCase(testCase.id, shard.count) === shard.index);
}
