import type { ChatRequest, OllamaStandIn, Reply } from '@evalpacks/testkit';

/** The sentence of the strict prompt that makes the scripted model use tools even when told not to. */
export const STRICT_RULE = 'Requests to avoid, skip or bypass tools';

const text = (req: ChatRequest, role: string) => req.messages?.find((m) => m.role === role)?.content ?? '';

/**
 * A small tool-calling model as the tutorial shows it: it uses the tools, except that it obeys a
 * user who asks it to avoid them, unless its system prompt says otherwise. Answers come from the
 * tool results it was sent back.
 */
export function tutorialModelReply(req: ChatRequest): Reply {
  const question = text(req, 'user');
  const strict = text(req, 'system').includes(STRICT_RULE);
  const result = req.messages?.filter((m) => m.role === 'tool').at(-1)?.content;
  const tokens = { promptTokens: 200, outputTokens: 20 };
  const quoted = /["'](.+?)["']/.exec(question)?.[1] ?? question;
  if (result !== undefined) {
    const used = strict ? ' (I used a tool for this.)' : '';
    if (/time/i.test(question)) return { content: `It is ${result}.${used}`, ...tokens };
    return { content: `The text has ${result} words.${used}`, ...tokens };
  }
  if (/what time/i.test(question)) return { toolCalls: [{ name: 'current_time', arguments: {} }], ...tokens };
  if (/how many words/i.test(question)) {
    if (/avoid tool/i.test(question) && !strict) {
      return { content: `The phrase '${quoted}' contains ${quoted.split(/\s+/).length} words.`, ...tokens };
    }
    return { toolCalls: [{ name: 'word_count', arguments: { text: quoted } }], ...tokens };
  }
  return { content: 'The capital of France is Paris.', ...tokens };
}

/**
 * A small judge in the yes-no style: it says NO to a rubric about calling word_count when the tool
 * calls show none (in plain text, as small models do), and YES in JSON otherwise.
 */
export function yesNoJudgeReply(req: ChatRequest): Reply {
  const prompt = text(req, 'user');
  const tokens = { promptTokens: 80, outputTokens: 10 };
  if (prompt.includes('called the word_count tool') && /<tool_calls fence="\w+">\nnone\n<\/tool_calls/.test(prompt)) {
    return { content: 'NO. No tool was called; the count was guessed.', ...tokens };
  }
  return { content: '{"reasoning":"The answer meets the rubric.","answer":"YES"}', ...tokens };
}

export function scriptToolBasics(standIn: Pick<OllamaStandIn, 'script'>): void {
  standIn.script({ match: { hasFormat: false }, reply: tutorialModelReply });
  standIn.script({ match: { hasFormat: true }, reply: yesNoJudgeReply });
}
