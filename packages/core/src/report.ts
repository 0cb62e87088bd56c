/** Reporters (console, repeated runs, compare, json, junit, markdown), run summaries, rates and cost. */

export {
  type CostEstimate,
  type CostFacts,
  costOf,
  describeCost,
  estimateCost,
  formatUsd,
  type Price,
  type PriceLookup,
  PriceSchema,
} from './cost/cost.ts';
export {
  type FlakyItem,
  type KindFigures,
  type RepeatSummary,
  summarizeRepeats,
} from './grade/repeat-figures.ts';
export { type RunSummary, summarizeRun } from './grade/run-figures.ts';
export { redactUrl, redactUrls, splitCredentials } from './redact/redact-url.ts';
export { type CompareReporterOptions, casesNeeded, formatP, printComparison } from './report/compare-console.ts';
export { type ComparisonFacts, comparisonDocument } from './report/compare-document.ts';
export { type CompareRateRow, compareFigureRows, compareRateRows } from './report/compare-figure-rows.ts';
export { type CompareJunitOptions, compareJunit } from './report/compare-junit.ts';
export {
  COMMENT_LIMIT,
  type CompareMarkdownOptions,
  compareMarkdown,
  compareMarker,
} from './report/compare-markdown.ts';
export { lowConfidenceNote, lowConfidenceRow } from './report/confidence-words.ts';
export { type ConsoleReporterOptions, consoleReporter } from './report/console.ts';
export { CONVERSATION_END_WORDS, conversationLines, turnOf } from './report/conversation-lines.ts';
export {
  correctedDifferenceHeading,
  correctedDifferenceRows,
  differenceWords,
  gatedVerdictWords,
} from './report/corrected-difference-rows.ts';
export { flagged, formatInterval, formatRate, percent, points } from './report/format-rate.ts';
export { itemCount, itemTitle } from './report/item-words.ts';
export { type JsonReportOptions, jsonReport, jsonReportParts, resultJsonText } from './report/json.ts';
export { type JunitReportOptions, junitReport, junitReportParts } from './report/junit.ts';
export { type MarkdownReportOptions, markdownReport, markdownReportParts } from './report/markdown.ts';
export { type RepeatReporterOptions, repeatReporter } from './report/repeat-console.ts';
export {
  type CaseOutcome,
  joinParts,
  type ReportSource,
  type RunFacts,
  wholeRunSource,
} from './report/report-source.ts';
export { itemsNotJudged, STANDING_LABEL, structuralOnlyNote } from './report/standing-words.ts';
export { printSummary, type SummaryFacts, type SummaryOptions, summaryText } from './report/summary-block.ts';
export { flakyLimitRow, shownSuggestions } from './report/summary-rows.ts';
export { visible, visibleDeep } from './report/visible.ts';
