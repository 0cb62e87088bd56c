import { z } from 'zod';
import { TagSchema } from './value-schemas.ts';

/** A stored run as compare names it: its number, or `latest:TAG`, the newest completed run with that tag. */
export type RunRef = number | { latest: string };

/** `12` or `latest:main` (a number as code passes it, too). */
export const runRefSchema = (flag: string) =>
  z.union([z.number(), z.string()]).transform((given, ctx): RunRef => {
    const text = String(given).trim();
    const latest = /^latest:(.*)$/.exec(text);
    if (latest) {
      const tag = TagSchema.safeParse(latest[1]);
      if (tag.success) return { latest: tag.data };
    } else if (/^\d+$/.test(text) && Number(text) >= 1) return Number(text);
    ctx.addIssue({
      code: 'custom',
      message: `${flag} takes run numbers or latest:TAG, not "${text}" (see pnpm history)`,
    });
    return z.NEVER;
  });
