import { readRepeatPolicy } from '@evalpacks/core';
import { z } from 'zod';

/** --policy: what passing means over the epochs of --repeat, for every case that does not set its own. */
export const PolicySchema = z
  .string()
  .transform((text, ctx) => {
    const policy = readRepeatPolicy(text);
    if (!policy) {
      ctx.addIssue({
        code: 'custom',
        message: `--policy "${text}" is not one of majority, all, any, min-rate:R (0 < R ≤ 1)`,
      });
      return z.NEVER;
    }
    return policy;
  })
  .optional();
