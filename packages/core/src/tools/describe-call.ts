import type { ToolCall } from '../schema/transcript.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A value as a person writes it in a failure message: `{orderId: "ORD-1001", amount: 25}`. Keys go
 * unquoted when they can, strings get double quotes, long values are cut so one line stays one line.
 */
export function formatValue(value: unknown, max = 200): string {
  return clip(render(value), max);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function render(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(render).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${render(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

/** `issue_refund({orderId: "ORD-1001"})`, with what it returned or the error it threw. */
export function describeCall(call: ToolCall, withResult = false): string {
  const head = `${call.name}(${formatValue(call.arguments)})`;
  if (!withResult) return head;
  if (call.error !== undefined) return `${head} → error: ${clip(call.error, 400)}`;
  return `${head} → ${formatValue(call.result, 400)}`;
}

/** "it was called with {…}" or "it was called 3 times, with {…}, {…} and {…}". */
export function calledWith(calls: readonly ToolCall[]): string {
  const args = calls.slice(0, 3).map((call) => formatValue(call.arguments));
  if (calls.length === 1) return `it was called with ${args[0]}`;
  const more = calls.length > 3 ? ` and ${calls.length - 3} more` : '';
  const listed = calls.length > 3 ? args.join(', ') : `${args.slice(0, -1).join(', ')} and ${args.at(-1)}`;
  return `it was called ${calls.length} times, with ${listed}${more}`;
}

/** What the agent did call, for a message about a tool it did not: "(the agent called a, b)". */
export function whatWasCalled(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return 'no tool was called';
  return `the agent called ${calls.map((call) => call.name).join(', ')}`;
}
