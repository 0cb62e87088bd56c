/** What picks a rule: a declarative spec whose every given field must hold (plain JSON, so it can come from a file), or a predicate. */
export type MatcherOf<Spec, Req> = Spec | ((req: Req) => boolean);

/** A reply made from the request; `n` is this rule's use count including the current one, so the first use gets 1. */
export type ReplyFnOf<Req, R> = (req: Req, n: number) => R;

/** What every stand-in's rules share: a matcher, a reply (or a function of the request) and a use limit. */
export interface RuleShape<Req, R, M> {
  match?: M;
  reply: R | ReplyFnOf<Req, R>;
  /** Use the rule at most this many times, then skip it. */
  times?: number;
}

interface Entry<Rule> {
  rule: Rule;
  used: number;
}

/**
 * The ordered rule list of a stand-in. Picking a rule counts one use of it, which is what `times`
 * limits; `n` passed to a reply function is that count, so the first use gets 1.
 */
export class RuleList<Req, R extends object, M, Rule extends RuleShape<Req, R, M> = RuleShape<Req, R, M>> {
  #entries: Entry<Rule>[] = [];

  constructor(
    private readonly matches: (matcher: M | undefined, req: Req) => boolean,
    private readonly faults: readonly string[],
  ) {}

  add(rule: Rule): void {
    validateRule<Req>(rule, this.faults);
    this.#entries.push({ rule, used: 0 });
  }

  clear(): void {
    this.#entries = [];
  }

  /** The reply for this request, or undefined when no rule matches. Throws what a reply function throws. */
  pick(req: Req): R | undefined {
    for (const entry of this.#entries) {
      const { rule } = entry;
      if (rule.times !== undefined && entry.used >= rule.times) continue;
      if (!this.matches(rule.match, req)) continue;
      entry.used += 1;
      return typeof rule.reply === 'function' ? (rule.reply as ReplyFnOf<Req, R>)(req, entry.used) : (rule.reply as R);
    }
    return undefined;
  }
}

/** Rules may come from a hand-written JSON file, so catch typos here rather than as a silent mismatch. */
function validateRule<Req>(rule: RuleShape<Req, object, unknown>, faults: readonly string[]): void {
  if (rule === null || typeof rule !== 'object') throw new TypeError('stand-in: a rule must be an object');
  if (rule.reply === null || (typeof rule.reply !== 'object' && typeof rule.reply !== 'function')) {
    throw new TypeError('stand-in: a rule needs a `reply` object or function');
  }
  const fault = typeof rule.reply === 'object' ? (rule.reply as { fault?: unknown }).fault : undefined;
  if (fault !== undefined && !faults.includes(fault as string)) {
    throw new TypeError(`stand-in: unknown fault ${JSON.stringify(fault)}`);
  }
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0)) {
    throw new TypeError('stand-in: `times` must be a non-negative integer');
  }
}
