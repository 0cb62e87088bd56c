import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, invokeTool, ToolArgumentsError, toolInputJsonSchema } from '../src/tools/define-tool.ts';
import { describeCall, formatValue } from '../src/tools/describe-call.ts';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers',
  input: z.object({ a: z.number(), b: z.number().describe('the second number') }),
  run: ({ a, b }) => a + b,
});

describe('defineTool', () => {
  it('refuses a tool without a description or with a name backends reject', () => {
    const input = z.object({});
    expect(() => defineTool({ name: 'x', description: ' ', input, run: () => 1 })).toThrow(
      'tool "x" needs a description',
    );
    expect(() => defineTool({ name: 'look up', description: 'd', input, run: () => 1 })).toThrow(
      'tool name "look up" must start with a letter',
    );
  });

  it('validates arguments before running, naming the field', async () => {
    await expect(invokeTool(add, { a: 1, b: 2 })).resolves.toBe(3);
    const error = await invokeTool(add, { a: 1, b: 'two' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect((error as Error).message).toBe(
      'invalid arguments for add: b: Invalid input: expected number, received string',
    );
  });

  it('gives the JSON schema backends send to the model', () => {
    expect(toolInputJsonSchema(add)).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number', description: 'the second number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });
});

describe('formatValue and describeCall', () => {
  it('writes values the way the failure messages quote them', () => {
    expect(formatValue({ orderId: 'ORD-1001', amount: 25 })).toBe('{orderId: "ORD-1001", amount: 25}');
    expect(formatValue({ 'odd key': [1, null, true], nested: { a: 'b' } })).toBe(
      '{"odd key": [1, null, true], nested: {a: "b"}}',
    );
    expect(formatValue('x'.repeat(300), 10)).toBe(`"${'x'.repeat(8)}…`);
  });

  it('shows a call with its result or its error', () => {
    const call = { name: 'lookup_order', arguments: { orderId: 'ORD-9' } };
    expect(describeCall(call)).toBe('lookup_order({orderId: "ORD-9"})');
    expect(describeCall({ ...call, result: { found: false } }, true)).toBe(
      'lookup_order({orderId: "ORD-9"}) → {found: false}',
    );
    expect(describeCall({ ...call, error: 'offline' }, true)).toBe('lookup_order({orderId: "ORD-9"}) → error: offline');
  });
});
