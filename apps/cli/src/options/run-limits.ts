import { z } from 'zod';

export const count = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

/** --max-cost in US dollars: one budget for the run (for compare: both sides together). */
export const maxCostSchema = z.coerce
  .number({ error: '--max-cost must be a number of US dollars' })
  .nonnegative('--max-cost must not be negative')
  .optional();

/** --max-flaky N: the run fails when more than N items flipped between epochs (needs --repeat 2 or more). */
export const maxFlakySchema = z.coerce
  .number({ error: '--max-flaky must be a number of items' })
  .int('--max-flaky must be a whole number')
  .min(0, '--max-flaky must not be negative')
  .optional();

/** Over one epoch no item can flip: --max-flaky would gate nothing, so it is refused (unless a stored run sets the epochs). */
export const flakyNeedsRepeats = {
  check: (o: { maxFlaky?: number; repeat: number }) => o.maxFlaky === undefined || o.repeat > 1,
  message: '--max-flaky counts items that flipped between epochs; it needs --repeat 2 or more',
};
