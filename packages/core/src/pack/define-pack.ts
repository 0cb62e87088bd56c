import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PackAgentSchema } from '../agent/pack-agent.ts';
import type { Check } from '../checks/define-check.ts';
import { RepeatPolicySchema } from '../schema/repeat-policy.ts';
import type { Tool } from '../tools/define-tool.ts';
import type { Environment } from '../tools/environment.ts';

/** How the judge should refer to what the agent produced ("code review", "content review", ...). */
export const PackJudgeSchema = z.object({
  subject: z.string().min(1).default('answer'),
  /** One sentence on what counts as a real catch in this domain; added to the judge's Steps. */
  guidance: z.string().optional(),
});

export const PackDefinitionSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
  description: z.string().min(1),
  /** The pack's folder, holding prompts/ and cases/. Pass `new URL('..', import.meta.url)`. */
  root: z
    .union([z.instanceof(URL), z.string()])
    .transform((root) => (root instanceof URL ? fileURLToPath(root) : root)),
  checks: z.array(z.custom<Check>((value) => typeof (value as Check)?.run === 'function')).default([]),
  judge: PackJudgeSchema.default({ subject: 'answer' }),
  defaultVariant: z.string().default('baseline'),
  /** The pack's repeat policy when neither the case nor the command line sets one (default majority). */
  repeatPolicy: RepeatPolicySchema.optional(),
  /**
   * The figure a comparison decides on: 'pass-rate' (default), or 'pass^k' for packs where one try is all a
   * user gets (conversations): with --repeat k the summary leads with pass^k, and compare pairs the two
   * sides' pass^k per case for its verdict. Never inferred from the cases: a pack says so.
   */
  headline: z.enum(['pass-rate', 'pass^k']).optional(),
  /** Maps one raw record of the pack's own case format onto the shared case shape. */
  toCase: z.custom<(raw: unknown) => unknown>((value) => typeof value === 'function').optional(),
  /**
   * For agents with tools: makes a fresh set of tools (and whatever state they share, an order
   * book, say) for one case run, so no case or epoch ever sees another's state.
   */
  tools: z.custom<() => Tool[]>((value) => typeof value === 'function').optional(),
  /**
   * For agents with tools over a stateful world: makes a fresh environment for one case run, its tools for
   * the agent and a snapshot() of its state, stored after the run as `transcript.endState` for checks to
   * compare with the case's `expectedEndState`. Instead of `tools`, which then come from it.
   */
  environment: z.custom<() => Environment>((value) => typeof value === 'function').optional(),
  /** The pack's own agent, instead of the built-in one: a function, or `{ url }` of an HTTP endpoint. */
  agent: PackAgentSchema.optional(),
});

export type PackDefinition = z.input<typeof PackDefinitionSchema>;
export type Pack = z.output<typeof PackDefinitionSchema>;

/** Declares an eval pack: data plus small pure functions. Validated once, here, so errors name the pack. */
export function definePack(definition: PackDefinition): Pack {
  const parsed = PackDefinitionSchema.safeParse(definition);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`pack "${definition.name}": ${issue?.path.join('.') || 'definition'}: ${issue?.message}`);
  }
  if (parsed.data.tools && parsed.data.environment) {
    throw new Error(`pack "${definition.name}": give tools or environment, not both (an environment brings its tools)`);
  }
  const ids = new Set<string>();
  for (const check of parsed.data.checks) {
    if (ids.has(check.id)) throw new Error(`pack "${definition.name}": two checks share the id "${check.id}"`);
    ids.add(check.id);
  }
  const { environment } = parsed.data;
  // Everything that asks whether a pack has tools (and which) reads `tools`, whichever the pack gave.
  return environment ? { ...parsed.data, tools: () => environment().tools } : parsed.data;
}
