import type { RisenPart } from '../schema/check.ts';
import type { ToolCall, Transcript } from '../schema/transcript.ts';
import { calledWith, formatValue, whatWasCalled } from '../tools/describe-call.ts';
import { type Check, defineCheck } from './define-check.ts';

/** Check ids are lowercase and dashed; tool names often are not (`issue_refund`). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const callsOf = (transcript: Transcript, tool: string): ToolCall[] =>
  transcript.toolCalls.filter((call) => call.name === tool);

const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/** Structural equality for JSON values; key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The tool was called at least once. A required tool not called means Steps lack it. */
export function toolCalled(tool: string, part: RisenPart = 'steps'): Check {
  return defineCheck({
    id: `calls-${slug(tool)}`,
    name: `Calls ${tool}`,
    part,
    run(transcript) {
      const calls = callsOf(transcript, tool);
      if (calls.length > 0) return { passed: true, detail: `${tool} was called ${times(calls.length)}` };
      return { passed: false, detail: `${tool} must be called; it was not (${whatWasCalled(transcript.toolCalls)})` };
    },
  });
}

/** The tool was never called. A forbidden tool called means Narrowing is too loose. */
export function toolNeverCalled(tool: string, part: RisenPart = 'narrowing'): Check {
  return defineCheck({
    id: `never-calls-${slug(tool)}`,
    name: `Never calls ${tool}`,
    part,
    run(transcript) {
      const calls = callsOf(transcript, tool);
      if (calls.length === 0) return { passed: true, detail: `${tool} was not called` };
      return { passed: false, detail: `${tool} must never be called; ${calledWith(calls)}` };
    },
  });
}

export interface CalledWithOptions {
  /** The whole arguments object must equal `args`; by default only the keys given are compared. */
  exact?: boolean;
  part?: RisenPart;
  /** Tells apart two argument checks of the same tool in one case. */
  idSuffix?: string;
}

/** Some call of the tool carried these arguments (compared by value, partially unless exact). */
export function toolCalledWith(tool: string, args: Record<string, unknown>, options: CalledWithOptions = {}): Check {
  const { exact = false, part = 'steps', idSuffix = '' } = options;
  const wanted = `${exact ? 'exactly ' : ''}${formatValue(args)}`;
  const matches = (call: ToolCall) =>
    exact
      ? deepEqual(call.arguments, args)
      : Object.entries(args).every(([key, value]) => deepEqual(call.arguments[key], value));
  return defineCheck({
    id: `calls-${slug(tool)}-with${idSuffix}`,
    name: `Calls ${tool} with ${wanted}`,
    part,
    run(transcript) {
      const calls = callsOf(transcript, tool);
      if (calls.some(matches)) return { passed: true, detail: `${tool} was called with ${wanted}` };
      const actual = calls.length === 0 ? 'it was never called' : calledWith(calls);
      return { passed: false, detail: `${tool} must be called with ${wanted}; ${actual}` };
    },
  });
}

/** The tools were called in this order; other calls may come in between. */
export function toolsCalledInOrder(tools: readonly string[], part: RisenPart = 'steps'): Check {
  const order = tools.join(' → ');
  return defineCheck({
    id: 'tool-order',
    name: `Calls ${order} in order`,
    part,
    run(transcript) {
      let next = 0;
      for (const call of transcript.toolCalls) {
        if (call.name === tools[next]) next++;
        if (next === tools.length) break;
      }
      if (next === tools.length) return { passed: true, detail: `called in order: ${order}` };
      const names = transcript.toolCalls.map((call) => call.name).join(' → ');
      const actual = names ? `the calls were ${names}` : 'no tool was called';
      return { passed: false, detail: `tools must be called in the order ${order}; ${actual}` };
    },
  });
}

export interface CallBounds {
  min?: number;
  max?: number;
}

function describeBounds({ min, max }: CallBounds): string {
  if (min !== undefined && min === max) return `exactly ${times(min)}`;
  if (min !== undefined && max !== undefined) return `between ${min} and ${max} times`;
  return min !== undefined ? `at least ${times(min)}` : `at most ${times(max ?? 0)}`;
}

/**
 * The tool was called within bounds. Too many calls (a refund issued twice) is a Narrowing
 * problem, too few a Steps problem, hence the default part.
 */
export function toolCallCount(tool: string, bounds: CallBounds, part?: RisenPart): Check {
  const wanted = describeBounds(bounds);
  return defineCheck({
    id: `${slug(tool)}-call-count`,
    name: `Calls ${tool} ${wanted}`,
    part: part ?? (bounds.min === undefined ? 'narrowing' : 'steps'),
    run(transcript) {
      const calls = callsOf(transcript, tool);
      const n = calls.length;
      const passed = n >= (bounds.min ?? 0) && n <= (bounds.max ?? Number.POSITIVE_INFINITY);
      if (passed) return { passed, detail: `${tool} was called ${times(n)}` };
      const actual = n === 0 ? 'it was never called' : calledWith(calls);
      return { passed, detail: `${tool} must be called ${wanted}; ${actual}` };
    },
  });
}

/** No tool call at all: the answer must come from the model alone. */
export function noToolCalled(part: RisenPart = 'narrowing'): Check {
  return defineCheck({
    id: 'no-tool-calls',
    name: 'Calls no tool',
    part,
    run(transcript) {
      const [first, ...rest] = transcript.toolCalls;
      if (!first) return { passed: true, detail: 'no tool was called' };
      const others = rest.length > 0 ? ` (and ${rest.length} more ${rest.length === 1 ? 'call' : 'calls'})` : '';
      return {
        passed: false,
        detail: `no tool may be called; ${first.name} was called with ${formatValue(first.arguments)}${others}`,
      };
    },
  });
}
