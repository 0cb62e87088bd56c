import { findCacheMiss } from '../cache/model-calls.ts';
import { InfrastructureError } from '../errors/infrastructure-error.ts';
import type { JudgePort, StructuredCallResponse } from '../ports/backend-ports.ts';
import { redactUrls } from '../redact/redact-url.ts';
import type { ConversationTurn, StopReason } from '../schema/transcript.ts';
import type { JudgedItemKind, Verdict } from '../schema/verdict.ts';
import { decisionConfidence } from './decision-confidence.ts';
import { repairPrompt } from './prompts.ts';
import { type JudgeStyle, parseVerdict, verdictJsonSchema } from './verdict.ts';
import { placeTurn } from './verdict-turn.ts';

export interface JudgeItemRequest {
  kind: JudgedItemKind;
  itemId: string;
  system: string;
  prompt: string;
  /** The epoch of the judged answer (default 0). */
  epoch?: number;
  /** Defaults to 'structured'. */
  style?: JudgeStyle;
  /** The judge prompt's version: named by the verdict and part of the call's cache key. */
  promptVersion?: string;
  /**
   * A conversation case's turns, by role, in order: the judge is asked for the turn its verdict rests on,
   * which is checked against them (verdict-turn.ts). Absent for a one-message case.
   */
  turnRoles?: ConversationTurn['role'][];
}

type JudgeTokens = StructuredCallResponse['tokens'];

/** Runs calls through the shared model-call pool. */
export type Gate = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * Asks the judge about one item. An answer that does not parse gets exactly one repair attempt; after
 * that, or when the call itself fails, the verdict is an error carrying the raw text, never a miss.
 */
export async function judgeItem(judge: JudgePort, request: JudgeItemRequest, gate: Gate): Promise<Verdict> {
  const usage = { input: 0, output: 0 };
  let latencyMs = 0;
  let retries = 0;
  let stopReason: StopReason | undefined;
  // What every verdict carries, whatever its status: the item and what judging it cost.
  const spent = () => ({
    kind: request.kind,
    itemId: request.itemId,
    model: judge.model,
    usage,
    latencyMs,
    ...(retries > 0 && { retries }),
    ...(stopReason && { stopReason }),
    ...(request.promptVersion && { promptVersion: request.promptVersion }),
  });
  const jsonSchema = verdictJsonSchema(request.kind, request.style, request.turnRoles !== undefined);
  let prompt = request.prompt;
  let lastText = '';
  let lastTokens: JudgeTokens;
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const epoch = request.epoch ?? 0;
      const { system, promptVersion } = request;
      const response = await gate(() =>
        judge.call({ system, prompt, jsonSchema, epoch, ...(promptVersion && { promptVersion }) }),
      );
      usage.input += response.usage.input;
      usage.output += response.usage.output;
      latencyMs += response.latencyMs;
      retries += response.retries ?? 0;
      stopReason = response.stopReason;
      lastText = response.text;
      lastTokens = response.tokens;
    } catch (error) {
      if (error instanceof InfrastructureError) throw error; // no other item could be judged either
      // Offline with no cached verdict: nobody judged this item, which is neither a pass nor a miss.
      if (findCacheMiss(error)) return { ...spent(), status: 'skipped', reason: 'offline: no cached verdict' };
      return { ...spent(), status: 'error', error: `judge call failed: ${redactUrls((error as Error).message)}` };
    }
    // A cut-off answer is a budget problem, not a model that cannot follow the format: no repair.
    if (stopReason === 'length') {
      return {
        ...spent(),
        status: 'error',
        error:
          'the judge answer was cut off at its output limit (stop reason "length"); a thinking judge can use it all up: try --judge-think off',
        raw: lastText,
      };
    }
    try {
      const { named, ...parsed } = parseVerdict(request.kind, lastText, request.style);
      const confidence = decisionConfidence(lastText, lastTokens);
      const placed = placeTurn(named, request.turnRoles);
      return { ...spent(), status: 'ok', ...parsed, ...(confidence !== undefined && { confidence }), ...placed };
    } catch (error) {
      problem = (error as Error).message;
      prompt = repairPrompt(request.prompt, lastText, problem);
    }
  }
  return {
    ...spent(),
    status: 'error',
    error: `unparseable verdict after one repair attempt (${problem})`,
    raw: lastText,
  };
}
