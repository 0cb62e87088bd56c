import { RuleList } from '../common/rule-list.ts';
import { matches } from './match.ts';
import type { ChatRequest, Fault, Matcher, Reply, Rule } from './types.ts';

const FAULTS: readonly Fault[] = ['http-500', 'http-502', 'busy', 'model-not-found', 'reset', 'hang', 'malformed'];

/** The Ollama stand-in's ordered rules; the first that matches a chat request answers it. */
export class Script extends RuleList<ChatRequest, Reply, Matcher, Rule> {
  constructor() {
    super(matches, FAULTS);
  }
}
