import type { createColors } from 'picocolors';
import { describeCost, estimateCost, type PriceLookup } from '../cost/cost.ts';
import type { GradeSummary, Suggestion } from '../grade/grade-schema.ts';
import type { RunSummary } from '../grade/run-figures.ts';
import type { ModelRef } from '../schema/result.ts';
import { percent } from './format-rate.ts';
import { visible } from './visible.ts';

/** The tokens row both summaries print. */
export function tokenLine(s: Pick<RunSummary, 'agentTokens' | 'judgeTokens' | 'userTokens'>): string {
  const user = s.userTokens ? `, user ${s.userTokens.input} in / ${s.userTokens.output} out` : '';
  return `agent ${s.agentTokens.input} in / ${s.agentTokens.output} out, judge ${s.judgeTokens.input} in / ${s.judgeTokens.output} out${user}`;
}

/** The rows after tokens in both summaries: the cost when prices are known, retries when there were any. */
export function spendRows(
  models: { agent: ModelRef; judge?: ModelRef; user?: ModelRef },
  totals: RunSummary,
  priceOf?: PriceLookup,
): [string, string][] {
  const rows: [string, string][] = [];
  if (priceOf) rows.push(['cost', describeCost(estimateCost({ ...models, tokens: totals }, priceOf), models)]);
  const { retries } = totals;
  if (retries.agent + retries.judge > 0) rows.push(['retries', `agent ${retries.agent}, judge ${retries.judge}`]);
  return rows;
}

/** The --min-pass-rate and --max-flaky rows of both summaries, for the gates the run has. */
export function gateRows(grade: GradeSummary): [string, string][] {
  const rows: [string, string][] = [];
  if (grade.gate?.on === 'corrected') {
    const { minimum, met, value, reason } = grade.gate;
    const figure = value === undefined ? `n/a, ${reason}` : percent(value);
    rows.push(['pass rate', `corrected findings ${figure} (minimum ${percent(minimum)}${met ? '' : ', not met'})`]);
  } else if (grade.gate) {
    const { minimum, met } = grade.gate;
    rows.push(['pass rate', `${percent(grade.passRate)} (minimum ${percent(minimum)}${met ? '' : ', not met'})`]);
  }
  if (grade.flakyGate) rows.push(flakyLimitRow(grade.flaky, grade.flakyGate.maximum).row);
  return rows;
}

/**
 * The --max-flaky row: the items that flipped between epochs (`where`, e.g. " on the two sides" for a
 * compare) against the limit, and whether they stay within it.
 */
export function flakyLimitRow(flaky: number, maximum: number, where = ''): { row: [string, string]; ok: boolean } {
  const ok = flaky <= maximum;
  const items = `${flaky} flaky item${flaky === 1 ? '' : 's'}${where}`;
  return { row: ['flaky limit', `${items} (at most ${maximum}${ok ? '' : ', exceeded'})`], ok };
}

/**
 * The suggestions as they are shown: identical ones once. They hold the run's text as it was: they are
 * made visible first, so the lines compared are those shown.
 */
export function shownSuggestions(suggestions: readonly Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  const shown = suggestions.map((s) => ({ target: s.target, caseId: visible(s.caseId), text: visible(s.text) }));
  return shown.filter((suggestion) => {
    const key = `${suggestion.target}|${suggestion.caseId}|${suggestion.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The Suggestions block, one line each, naming the prompt part to edit; identical lines once. */
export function printSuggestions(
  out: (line?: string) => void,
  c: ReturnType<typeof createColors>,
  suggestions: readonly Suggestion[],
): void {
  const unique = shownSuggestions(suggestions);
  if (unique.length === 0) return;
  out();
  out(c.bold('Suggestions'));
  for (const suggestion of unique) {
    const target = suggestion.target[0]?.toUpperCase() + suggestion.target.slice(1);
    out(`  ${c.cyan(target.padEnd(12))}${suggestion.caseId}: ${suggestion.text}`);
  }
}
