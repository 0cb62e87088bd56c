import { brief, type CaseInput } from '@evalpacks/core';
import { z } from 'zod';
import { TOOL_NAMES } from './tools.ts';

const ToolName = z.enum(TOOL_NAMES);

/**
 * One line of a golden JSONL file: a scenario with the tools its agent must and must not call.
 * Strict, so a misspelt field fails loudly instead of silently checking nothing.
 */
export const GoldenLineSchema = z
  .strictObject({
    id: z.string().min(1),
    query: z.string().min(1),
    /** Tools that must be called. */
    expect: z.array(ToolName).default([]),
    /** Tools that must never be called. */
    never: z.array(ToolName).default([]),
    /** For the judge; null or absent means no judge call. */
    rubric: z.string().min(1).nullish(),
    /** Arguments some call of a tool must carry: `{"issue_refund": {"orderId": "ORD-1001"}}`. */
    args: z.partialRecord(ToolName, z.record(z.string(), z.unknown())).optional(),
    /** Tools that must be called in this order: `["lookup_order", "issue_refund"]`. */
    order: z.array(ToolName).optional(),
    /** Bounds on call counts: `{"issue_refund": {"max": 1}}`. */
    calls: z
      .partialRecord(
        ToolName,
        z.strictObject({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }),
      )
      .optional(),
  })
  .superRefine((line, ctx) => {
    for (const tool of line.never.filter((name) => line.expect.includes(name))) {
      ctx.addIssue({ code: 'custom', path: ['never'], message: `"${tool}" is in both expect and never` });
    }
  });
export type GoldenLine = z.infer<typeof GoldenLineSchema>;

/** Maps a golden line onto the shared case shape; the trajectory checks then come from core. */
export function goldenToCase(raw: unknown): CaseInput {
  const line = GoldenLineSchema.parse(raw);
  return {
    id: line.id,
    name: brief(line.query, 90),
    input: line.query,
    ...(line.expect.length > 0 && { expectTools: line.expect }),
    ...(line.never.length > 0 && { neverTools: line.never }),
    ...(line.rubric && { rubric: line.rubric }),
    ...(line.args && {
      toolArgs: Object.entries(line.args).map(([tool, args]) => ({ tool, args: args ?? {} })),
    }),
    ...(line.order && { toolOrder: line.order }),
    ...(line.calls && { callCounts: Object.entries(line.calls).map(([tool, bounds]) => ({ tool, ...bounds })) }),
  };
}
