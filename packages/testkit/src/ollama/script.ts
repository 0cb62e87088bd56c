import { matches } from './match.ts';
import type { ChatRequest, Fault, Reply, Rule } from './types.ts';

const FAULTS: readonly Fault[] = ['http-500', 'model-not-found', 'reset', 'hang', 'malformed'];

interface Entry {
  rule: Rule;
  used: number;
}

/** The ordered rule list. Picking a rule counts one use of it, which is what `times` limits. */
export class Script {
  #entries: Entry[] = [];

  add(rule: Rule): void {
    validateRule(rule);
    this.#entries.push({ rule, used: 0 });
  }

  clear(): void {
    this.#entries = [];
  }

  /** The reply for this request, or undefined when no rule matches. Throws what a reply function throws. */
  pick(req: ChatRequest): Reply | undefined {
    for (const entry of this.#entries) {
      const { rule } = entry;
      if (rule.times !== undefined && entry.used >= rule.times) continue;
      if (!matches(rule.match, req)) continue;
      entry.used += 1;
      return typeof rule.reply === 'function' ? rule.reply(req, entry.used) : rule.reply;
    }
    return undefined;
  }
}

/** Rules may come from a hand-written JSON file, so catch typos here rather than as a silent mismatch. */
function validateRule(rule: Rule): void {
  if (rule === null || typeof rule !== 'object') throw new TypeError('stand-in: a rule must be an object');
  if (rule.reply === null || (typeof rule.reply !== 'object' && typeof rule.reply !== 'function')) {
    throw new TypeError('stand-in: a rule needs a `reply` object or function');
  }
  if (typeof rule.reply === 'object' && rule.reply.fault !== undefined && !FAULTS.includes(rule.reply.fault)) {
    throw new TypeError(`stand-in: unknown fault ${JSON.stringify(rule.reply.fault)}`);
  }
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0)) {
    throw new TypeError('stand-in: `times` must be a non-negative integer');
  }
}
