import { brief, type CaseInput, UserBlockSchema } from '@evalpacks/core';
import { z } from 'zod';
import { EndStateSchema } from './end-state.ts';
import { signedInLine } from './personal-data-check.ts';
import { CUSTOMERS, customerById } from './shop.ts';
import { TOOL_NAMES } from './tools.ts';

const ToolName = z.enum(TOOL_NAMES);
const CustomerId = z.enum(CUSTOMERS.map((c) => c.customerId) as [string, ...string[]]);

/**
 * One line of a golden JSONL file: a scenario with the tools its agent must and must not call.
 * Strict, so a misspelt field fails loudly instead of silently checking nothing.
 */
export const GoldenLineSchema = z
  .strictObject({
    id: z.string().min(1),
    query: z.string().min(1),
    /** The signed-in customer who wrote the ticket; the agent's input starts with a line naming them. */
    customer: CustomerId.optional(),
    /** dev (tune prompts and the judge here) or test (confirm once). */
    split: z.enum(['dev', 'test']).optional(),
    /** The pack's coverage category, kebab-case. */
    category: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case')
      .optional(),
    difficulty: z.enum(['basic', 'subtle', 'expert']).optional(),
    tags: z.array(z.string().min(1)).optional(),
    /** One line: why this scenario is in the pack. */
    rationale: z.string().min(1).optional(),
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
    /** What the order book must hold after the run (see end-state.ts); absent means not checked. */
    end: EndStateSchema.optional(),
    /**
     * A conversation: the customer's later turns (a script), or a simulated customer holding facts they give
     * only when asked. `query` stays the customer's first message.
     */
    user: UserBlockSchema.optional(),
  })
  .superRefine((line, ctx) => {
    for (const tool of line.never.filter((name) => line.expect.includes(name))) {
      ctx.addIssue({ code: 'custom', path: ['never'], message: `"${tool}" is in both expect and never` });
    }
  });
export type GoldenLine = z.infer<typeof GoldenLineSchema>;

/** The agent's input: the signed-in line, then the ticket as the customer wrote it. */
export function ticketInput(line: Pick<GoldenLine, 'customer' | 'query'>): string {
  const who = line.customer ? customerById(line.customer) : undefined;
  return who ? `${signedInLine(who.customerId, who.name)}\n${line.query}` : line.query;
}

/** Maps a golden line onto the shared case shape; the trajectory checks then come from core. */
export function goldenToCase(raw: unknown): CaseInput {
  const line = GoldenLineSchema.parse(raw);
  const extra = {
    ...(line.split && { split: line.split }),
    ...(line.category && { category: line.category }),
    ...(line.difficulty && { difficulty: line.difficulty }),
    ...(line.tags && { tags: line.tags }),
    ...(line.rationale && { rationale: line.rationale }),
    ...(line.end && { expectedEndState: line.end }),
    ...(line.user && { user: line.user }),
  };
  return {
    id: line.id,
    name: brief(line.query, 90),
    input: ticketInput(line),
    ...(line.expect.length > 0 && { expectTools: line.expect }),
    ...(line.never.length > 0 && { neverTools: line.never }),
    ...(line.rubric && { rubric: line.rubric }),
    ...(line.args && {
      toolArgs: Object.entries(line.args).map(([tool, args]) => ({ tool, args: args ?? {} })),
    }),
    ...(line.order && { toolOrder: line.order }),
    ...(line.calls && { callCounts: Object.entries(line.calls).map(([tool, bounds]) => ({ tool, ...bounds })) }),
    // Fields of the case format core is gaining (split, category, end state...): carried as written.
    ...(extra as object),
  };
}
