import type { ChatRequest, OllamaStandIn, Reply } from '@evalpacks/testkit';

/** An answer that tries every trick a hostile model output could: the viewer must show it as text. */
export const HOSTILE_ANSWER = [
  'The capital of France is **Paris**.',
  '',
  `<script>window.__xss = 'script'; alert('script')</script>`,
  '',
  `<img src="x" onerror="window.__xss = 'img'; alert('img')">`,
  '',
  `[see the map](javascript:window.__xss='link';alert('link'))`,
].join('\n');

export type Mood = 'good' | 'bad';

export interface ScriptOptions {
  mood: Mood;
  /** The judge answers garbage about the word count, so that rubric becomes a judge error. */
  garbledJudge?: boolean;
  /** Milliseconds the capital question's answer takes, so a live view can watch the other cases land first. */
  slowCapitalMs?: number;
}

const text = (req: ChatRequest, role: string) => req.messages?.find((m) => m.role === role)?.content ?? '';
const tokens = { promptTokens: 120, outputTokens: 30 };

/** A small tool-using model: in a good mood it uses the tools and answers right; in a bad one it gives up. */
function agentReply(options: ScriptOptions) {
  return (req: ChatRequest): Reply => {
    const question = text(req, 'user');
    if (options.mood === 'bad') return { content: "I don't know.", ...tokens };
    const result = req.messages?.filter((m) => m.role === 'tool').at(-1)?.content;
    if (result !== undefined) {
      return /time/i.test(question)
        ? { content: `It is ${result}.`, ...tokens }
        : { content: `The text has ${result} words.`, ...tokens };
    }
    if (/what time/i.test(question)) return { toolCalls: [{ name: 'current_time', arguments: {} }], ...tokens };
    if (/how many words/i.test(question)) {
      const quoted = /["'](.+?)["']/.exec(question)?.[1] ?? question;
      return { toolCalls: [{ name: 'word_count', arguments: { text: quoted } }], ...tokens };
    }
    return {
      content: HOSTILE_ANSWER,
      thinking: 'The user asks for a capital; France → Paris.',
      ...tokens,
      ...(options.slowCapitalMs && { latencyMs: options.slowCapitalMs }),
    };
  };
}

function judgeReply(options: ScriptOptions) {
  return (req: ChatRequest): Reply => {
    const prompt = text(req, 'user');
    if (options.garbledJudge && prompt.includes('5 words')) return { content: 'hmm, hard to say', ...tokens };
    return { content: '{"reasoning":"The answer meets the rubric.","answer":"YES"}', ...tokens };
  };
}

export function scriptModels(standIn: OllamaStandIn, options: ScriptOptions): void {
  standIn.reset();
  standIn.script({ match: { hasFormat: false }, reply: agentReply(options) });
  standIn.script({ match: { hasFormat: true }, reply: judgeReply(options) });
}
