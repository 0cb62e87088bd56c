import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OllamaStandIn, OpenAIStandIn, UserRule } from '@evalpacks/testkit';

/**
 * The SHIPPED support-tickets pack's conv-1, as its cases file holds it: Tomás, whose blender will not power
 * on, gives the order number (ORD-1011) only when the agent asks for it. Run alone through --test-case, so
 * the pack's own tools, checks, end state and judge rubric apply as they do in a full run.
 */
const SHIPPED = fileURLToPath(new URL('../../../domains/support-tickets/cases/conversations.jsonl', import.meta.url));
export const CONV_1 = readFileSync(SHIPPED, 'utf8')
  .split('\n')
  .find((line) => line.includes('"id": "conv-1"')) as string;

export function conv1File(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-conv-1-')), 'conv-1.jsonl');
  writeFileSync(file, `${CONV_1}\n`);
  return file;
}

type Message = { role?: string; content?: string | (string | { text?: string })[] | null };

/** How the rules below reach a stand-in (Ollama, OpenAI-compatible) and tell its agent calls from the judge's. */
export interface StandInRoles {
  script(rule: object): void;
  isAgent(request: object): boolean;
  isJudge(request: object): boolean;
}

/** The Ollama stand-in's roles: judge and simulated-user calls carry a `format`, agent calls none. */
export const onOllama = (standIn: OllamaStandIn): StandInRoles => ({
  script: (rule) => standIn.script(rule as never),
  isAgent: (r) => (r as { format?: unknown }).format === undefined,
  isJudge: (r) => (r as { format?: unknown }).format !== undefined,
});

/** The OpenAI-compatible stand-in's: judge and simulated-user calls carry a `response_format`. */
export const onOpenAI = (standIn: OpenAIStandIn): StandInRoles => ({
  script: (rule) => standIn.script(rule as never),
  isAgent: (r) => (r as { response_format?: unknown }).response_format === undefined,
  isJudge: (r) => (r as { response_format?: unknown }).response_format !== undefined,
});

const lastOf = (messages?: Message[]) => messages?.at(-1) ?? {};
/** A message's text: Ollama sends a string, an OpenAI client may send a list of text parts. */
const textOf = (message: Message) =>
  typeof message.content === 'string'
    ? message.content
    : (message.content ?? []).map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
const toolSaid = (messages: Message[] | undefined, what: string) =>
  lastOf(messages).role === 'tool' && textOf(lastOf(messages)).includes(what);
/** The customer's first message: the pack's signed-in line, then the shipped query. */
export const OPENING = `user: [Signed in as C-103 · Tomás Herrera]\n${(JSON.parse(CONV_1) as { query: string }).query}`;
export const ASK = 'I am sorry to hear that. What is your order number?';
export const DONE = 'I have refunded 79.99 dollars for ORD-1011 (refund RF-1).';

/**
 * The support agent's tool loop on the stand-in: after a refund, it says so; after a lookup that found the
 * order, it refunds the blender's 79.99; with the order number in the customer's newest message, it looks
 * the order up. Otherwise the patient agent asks for the number, and the eager one looks up ORD-1011 at once
 * (a guess from the signed-in account, never asked of the customer).
 */
export function scriptAgent(on: StandInRoles, kind: 'asks first' | 'refunds first' | 'refunds first once'): void {
  const agent = (match: (messages?: Message[]) => boolean, reply: object, times?: number) =>
    on.script({
      match: (r: { messages?: unknown[] }) => on.isAgent(r) && match(r.messages as Message[]),
      reply,
      ...(times && { times }),
    });
  agent((m) => toolSaid(m, '"refundId"'), { content: DONE });
  agent((m) => toolSaid(m, '"found":true'), {
    toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1011', amount: 79.99 } }],
  });
  const lookup = { toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'ORD-1011' } }] };
  agent((m) => lastOf(m).role === 'user' && textOf(lastOf(m)).includes('ORD-1011'), lookup);
  // Once: only the first opening the stand-in serves refunds first; the rest ask.
  if (kind === 'refunds first once') agent(() => true, lookup, 1);
  agent(() => true, kind === 'refunds first' ? lookup : { content: ASK });
}

/**
 * The judge of the case's rubric ("asks for the order number before looking anything up or refunding"):
 * it passes the conversation only when the agent's question is in it.
 */
export function scriptJudge(on: StandInRoles): void {
  on.script({
    match: (r: object) => on.isJudge(r),
    reply: (r: { messages?: Message[] }) => {
      const shown = (r.messages ?? []).map(textOf).join('\n');
      const asked = shown.includes('What is your order number?');
      const reasoning = asked ? 'It asked for the order number first.' : 'It refunded without asking.';
      return { content: JSON.stringify({ reasoning, pass: asked }) };
    },
  });
}

/** Tomás: the order number when asked, ###STOP### once the refund is confirmed, else the symptom again. */
export const CONV_1_RULES: UserRule[] = [
  { match: { agentSays: 'order number' }, reply: { say: 'The order number is ORD-1011.' } },
  { match: { agentSays: 'refunded' }, reply: { say: '###STOP###' } },
  { reply: { say: 'It just will not power on.' } },
];
