import { z } from 'zod';
import type { Gradable, GradableRun } from '../grade/case-record.ts';
import { type RunSummary, summarizeRun } from '../grade/run-figures.ts';
import type { ModelRef } from '../schema/result.ts';
import type { TokenUsage } from '../schema/transcript.ts';

/** A model's list price in USD per million tokens, input and output. */
export const PriceSchema = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
});
export type Price = z.infer<typeof PriceSchema>;

/** Where prices come from (a backend's price table); undefined when a model has none. */
export type PriceLookup = (model: ModelRef) => Price | undefined;

export function costOf(usage: TokenUsage, price: Price): number {
  return (usage.input * price.input + usage.output * price.output) / 1_000_000;
}

export interface CostEstimate {
  /** USD, or undefined when the model has no price. */
  agent: number | undefined;
  judge: number | undefined;
  /** The simulated user's, priced like the other two; only for a run that had one (CostFacts.user). */
  user?: number | undefined;
  /** The sum of what is known: a lower bound when a role is unpriced. */
  total: number;
  unpriced: ModelRef[];
}

/** A run's models and its tokens: summed from its cases, or as its grade's totals hold them. */
export type CostFacts = Pick<GradableRun, 'agent' | 'judge' | 'user'> &
  ({ cases: readonly Gradable[] } | { tokens: Pick<RunSummary, 'agentTokens' | 'judgeTokens' | 'userTokens'> });

/** What a run cost at list prices, per role, from the tokens its transcripts and verdicts recorded. */
export function estimateCost(run: CostFacts, priceOf: PriceLookup): CostEstimate {
  const summary = 'tokens' in run ? run.tokens : summarizeRun(run);
  const unpriced: ModelRef[] = [];
  const role = (model: ModelRef | undefined, usage: TokenUsage): number | undefined => {
    if (!model) return 0;
    const price = priceOf(model);
    if (!price) unpriced.push(model);
    return price ? costOf(usage, price) : undefined;
  };
  const agent = role(run.agent, summary.agentTokens);
  const judge = role(run.judge, summary.judgeTokens);
  if (!run.user) return { agent, judge, total: (agent ?? 0) + (judge ?? 0), unpriced };
  // A third role from the same price table: a run whose user said nothing (a re-judge) has no user tokens.
  const user = role(run.user, summary.userTokens ?? { input: 0, output: 0 });
  return { agent, judge, user, total: (agent ?? 0) + (judge ?? 0) + (user ?? 0), unpriced };
}

/** Dollars as a person reads a small bill: $0, $0.0294, $12.50. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  const digits = usd < 1 ? 4 : 2;
  // Float sums like 0.00105 are stored as 0.0010499…; rounding at 12 significant digits first keeps half-up.
  const scaled = Number((usd * 10 ** digits).toPrecision(12));
  return `$${(Math.round(scaled) / 10 ** digits).toFixed(digits)}`;
}

/**
 * The summary's cost line, e.g. `$0.0294 estimated (agent $0.0270, judge $0.0024)`, with `, user $0.0011`
 * for a run with a simulated user; a lower bound, or `unknown`, when a model (a pack's own agent, say) has
 * no price.
 */
export function describeCost(estimate: CostEstimate, run: Pick<GradableRun, 'agent' | 'judge' | 'user'>): string {
  const part = (label: string, usd: number | undefined, model: ModelRef | undefined) =>
    usd === undefined
      ? `${label} unknown: no price for ${model?.backend} '${model?.model}'`
      : `${label} ${formatUsd(usd)}`;
  const user = run.user && 'user' in estimate ? `, ${part('user', estimate.user, run.user)}` : '';
  const parts = `(${part('agent', estimate.agent, run.agent)}, ${part('judge', estimate.judge, run.judge)}${user})`;
  if (estimate.unpriced.length === 0) return `${formatUsd(estimate.total)} estimated ${parts}`;
  return estimate.total > 0 ? `at least ${formatUsd(estimate.total)} estimated ${parts}` : `unknown ${parts}`;
}
