import { LOW_CONFIDENCE } from '../judge/decision-confidence.ts';
import type { Verdict } from '../schema/verdict.ts';
import { percent } from './format-rate.ts';

/**
 * "low confidence 55%" for a verdict whose decision token was less probable than the threshold, else
 * undefined (as for a verdict without a confidence: a backend that returns no log-probabilities).
 */
export function lowConfidenceNote(verdict: Verdict, threshold = LOW_CONFIDENCE): string | undefined {
  if (verdict.status !== 'ok' || verdict.confidence === undefined || verdict.confidence >= threshold) return undefined;
  return `low confidence ${percent(verdict.confidence)}`;
}

/** The summary row counting low-confidence verdicts, when there are any. */
export function lowConfidenceRow(confidence: { scored: number; low: number; threshold: number } | undefined) {
  if (!confidence || confidence.low === 0) return undefined;
  const { scored, low, threshold } = confidence;
  return `${low} of ${scored} verdicts (decision token below ${percent(threshold)})`;
}
