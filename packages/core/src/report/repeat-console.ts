import { createColors } from 'picocolors';
import type { PriceLookup } from '../cost/cost.ts';
import type { CaseTally, RunGrade } from '../grade/grade-schema.ts';
import { epochCounts, passHatK } from '../grade/pass-k.ts';
import { countItems } from '../grade/reduce-epochs.ts';
import type { RepeatPolicy } from '../schema/repeat-policy.ts';
import { percent } from './format-rate.ts';
import { itemCount, itemTitle } from './item-words.ts';
import { itemsNotJudged, STANDING_LABEL } from './standing-words.ts';
import { printSummary, type SummaryFacts } from './summary-block.ts';
import { printSuggestions } from './summary-rows.ts';
import { visible } from './visible.ts';

export { itemCount, itemTitle } from './item-words.ts';

export interface RepeatReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Prices for the cost line; without them the summary prints no cost. */
  priceOf?: PriceLookup;
}

/**
 * "pass@1 3/4 · pass^4 0.0%": a case's epochs passed of those graded, and its pass^k (pass-k.ts); nothing
 * when no epoch was graded (its standing already says error or structural only).
 */
function passKWords(tally: CaseTally, k: number): string {
  if (k < 2 || !tally.epochsGraded) return '';
  const { passed, graded } = epochCounts(tally);
  const hatK = passHatK(passed, graded, k);
  return `pass@1 ${passed}/${graded} · pass^${k} ${Number.isNaN(hatK) ? `n/a (${graded} graded)` : percent(hatK)}`;
}

/** The end of a repeated run: each case reduced by its policy, the summary with intervals, flaky items. */
export function repeatReporter(options: RepeatReporterOptions) {
  const c = createColors(options.color);
  const out = (line = '') => options.write(`${line}\n`);

  // The grade holds the run's text as it was: what is printed of it is made visible here.
  function perCase(tallies: readonly CaseTally[], policy: RepeatPolicy): void {
    const width = Math.max(...tallies.map((tally) => visible(tally.case.id).length));
    const epochs = Math.max(...tallies.map((tally) => tally.epochs));
    out(c.bold(`Per case over ${epochs} epochs`));
    for (const tally of tallies) {
      const structural = countItems(tally, 'check');
      const findings = countItems(tally, 'finding');
      const absent = countItems(tally, 'absent');
      const parts = [
        structural.total ? `structural ${structural.passed}/${structural.total}` : '',
        findings.total ? `findings ${findings.passed}/${findings.total}` : '',
        absent.total ? `false positives ${absent.total - absent.passed}` : '',
        tally.status === 'structural-only' ? itemsNotJudged(tally.notJudged) : '',
        tally.policy === policy ? '' : `policy ${tally.policy}`,
        passKWords(tally, epochs),
      ].filter(Boolean);
      const status = STANDING_LABEL[tally.status];
      const paint = tally.status === 'passed' ? c.green : tally.status === 'failed' ? c.red : c.yellow;
      out(`  ${visible(tally.case.id).padEnd(width)}  ${paint(status.padEnd(5))} ${parts.join(' · ')}`);
      for (const item of tally.items) {
        if (item.verdict === 'failed') out(`    ${c.red('FAIL')} ${visible(itemTitle(item))}: ${itemCount(item)}`);
      }
    }
    out();
  }

  /**
   * Each case reduced by its policy (cases with their own are marked), then the summary and suggestions,
   * rendered from the run's grade (gradeRun under the run's settings, or as the store kept it); `rows` are
   * the caller's own label/value lines (model calls), printed before the gates. Returns the grade it printed.
   */
  function summary<G extends RunGrade>(facts: SummaryFacts, rows: [label: string, value: string][], grade: G): G {
    perCase(grade.cases, grade.policy);
    printSummary(out, grade, facts, {
      repeated: true,
      rows,
      color: options.color,
      ...(options.priceOf && { priceOf: options.priceOf }),
    });
    printSuggestions(out, c, grade.suggestions);
    return grade;
  }

  return { summary };
}
