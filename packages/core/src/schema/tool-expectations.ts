import { z } from 'zod';

const ToolNameSchema = z.string().min(1);

export const ToolArgsExpectationSchema = z.object({
  tool: ToolNameSchema,
  /** Every key given must match (deep equality); other keys may be present unless `exact`. */
  args: z.record(z.string(), z.unknown()),
  exact: z.boolean().optional(),
});
export type ToolArgsExpectation = z.infer<typeof ToolArgsExpectationSchema>;

export const CallCountSchema = z
  .object({
    tool: ToolNameSchema,
    min: z.number().int().nonnegative().optional(),
    max: z.number().int().nonnegative().optional(),
  })
  .refine((bounds) => bounds.min !== undefined || bounds.max !== undefined, { message: 'give min, max or both' })
  .refine((bounds) => (bounds.min ?? 0) <= (bounds.max ?? Number.POSITIVE_INFINITY), {
    message: 'min is larger than max',
  });
export type CallCount = z.infer<typeof CallCountSchema>;

/**
 * What a case expects of the agent's trajectory and answer, checked in pure code over the
 * transcript. All optional: a case without them gets no trajectory checks.
 */
export const ToolExpectationsShape = {
  /** Tools the agent must call (each at least once). */
  expectTools: z.array(ToolNameSchema).optional(),
  /** Tools the agent must never call. */
  neverTools: z.array(ToolNameSchema).optional(),
  /** No tool may be called at all. */
  noTools: z.boolean().optional(),
  /** Arguments some call of a tool must carry. */
  toolArgs: z.array(ToolArgsExpectationSchema).optional(),
  /** Tools that must be called in this order (other calls may come in between). */
  toolOrder: z.array(ToolNameSchema).optional(),
  /** Bounds on how often a tool is called. */
  callCounts: z.array(CallCountSchema).optional(),
  /**
   * Must appear in the final answer, case-insensitively; a list gives alternatives, any one of which passes
   * ("5" or "five": a right answer may spell a figure either way).
   */
  expectedKeyword: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** The agent must finish within this many turns (a check; `--max-turns` is the loop's own cap). */
  maxTurns: z.number().int().positive().optional(),
};

type ToolExpectations = {
  [K in keyof typeof ToolExpectationsShape]?: z.infer<(typeof ToolExpectationsShape)[K]>;
};

/** The tools a case names anywhere, so a pack can reject names it has no tool for. */
export function toolNamesIn(expectations: ToolExpectations): string[] {
  return [
    ...(expectations.expectTools ?? []),
    ...(expectations.neverTools ?? []),
    ...(expectations.toolArgs ?? []).map((item) => item.tool),
    ...(expectations.toolOrder ?? []),
    ...(expectations.callCounts ?? []).map((item) => item.tool),
  ];
}

/** Expectations that contradict each other would make a check that can never pass. */
export function checkToolExpectations(expectations: ToolExpectations, ctx: z.RefinementCtx): void {
  const never = new Set(expectations.neverTools ?? []);
  const required = [
    ...(expectations.expectTools ?? []),
    ...(expectations.toolArgs ?? []).map((item) => item.tool),
    ...(expectations.toolOrder ?? []),
    ...(expectations.callCounts ?? []).filter((item) => (item.min ?? 0) > 0).map((item) => item.tool),
  ];
  for (const tool of new Set(required)) {
    if (never.has(tool)) {
      ctx.addIssue({ code: 'custom', path: ['neverTools'], message: `"${tool}" is both required and forbidden` });
    }
    if (expectations.noTools) {
      ctx.addIssue({ code: 'custom', path: ['noTools'], message: `no tool may be called, yet "${tool}" is required` });
    }
  }
}
