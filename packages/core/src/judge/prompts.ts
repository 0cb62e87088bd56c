import type { Finding } from '../schema/finding.ts';
import { capForJudge, DATA_NOTICE, fenced, fenceId, fenceNotice } from './fence.ts';
import { TURN_EXPECTATION } from './verdict-turn.ts';

export interface JudgeContext {
  subject: string;
  guidance?: string;
  /** A pack's tuned Steps (judge.md): they take the place of `guidance`. */
  tunedSteps?: string[];
  /** A pack's tuned Narrowing (judge.md): it takes the place of core's. */
  narrowing?: string;
  input: string;
  answer: string;
  /** The agent's tool calls, one per line, for packs with tools: a rubric may be about them. */
  toolCalls?: string;
  /** A conversation case's turns, one line each (tool calls under their agent turn); absent for one-message cases. */
  conversation?: string;
  /** The case's acceptable items: real issues it does not score, which no false-positive question may count. */
  acceptable?: string[];
}

/**
 * The case's acceptable items for a false-positive question: a thorough answer that reports them must not
 * be read as flagging the item. Case text, like the item, so outside the fences. Empty without any.
 */
export function acceptableBlock(ctx: JudgeContext): string {
  if (!ctx.acceptable?.length) return '';
  return (
    '\n\n<acceptable>\nReal issues of the input that the case does not score. Reporting one of them is not flagging ' +
    `the item above and never counts against the ${ctx.subject}:\n${ctx.acceptable.map((item) => `- ${item}`).join('\n')}\n` +
    '</acceptable>'
  );
}

/** What the pack adds to the judge's Steps: its judge.md Steps, else its one-line guidance. */
export function guidanceSteps(ctx: JudgeContext): string[] {
  return ctx.tunedSteps ?? (ctx.guidance ? [ctx.guidance] : []);
}

function system(ctx: JudgeContext, role: string, steps: string[], expectation: string, narrowing: string): string {
  return [
    `# Role\n${role}`,
    "# Instructions\nYou receive the input an agent was given, the agent's answer, and one item to assess. " +
      `Decide about that one item only and answer in JSON. ${DATA_NOTICE}`,
    `# Steps\n${steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}`,
    `# Expectation\n${expectation}${ctx.conversation !== undefined ? ` ${TURN_EXPECTATION}` : ''}`,
    `# Narrowing\n${ctx.narrowing ?? narrowing}`,
  ].join('\n\n');
}

/** Said outside the fences of a conversation case: the answer is one reply of several, judged as a whole. */
function conversationNotice(ctx: JudgeContext): string {
  return (
    `This was a conversation: the input is the user's first message, the ${ctx.subject.replace(/\s+/g, '_')} ` +
    "block holds the agent's last reply, and the conversation block holds every turn in order, with the tools " +
    'the agent called in each. Assess the item over the whole conversation.'
  );
}

/**
 * What the judge reads: the input, the answer, the tool calls when the pack has tools, then the item.
 * The first three are untrusted: each is capped and fenced, so an answer cannot close its own block.
 */
export function material(ctx: JudgeContext, item?: string): string {
  const blocks: [string, string][] = [
    ['input', capForJudge(ctx.input)],
    [ctx.subject.replace(/\s+/g, '_'), capForJudge(ctx.answer)],
    ...(ctx.toolCalls !== undefined ? [['tool_calls', capForJudge(ctx.toolCalls)] as [string, string]] : []),
    ...(ctx.conversation !== undefined ? [['conversation', capForJudge(ctx.conversation)] as [string, string]] : []),
  ];
  const id = fenceId([...blocks.map(([, text]) => text), item ?? '']);
  return [
    fenceNotice(id),
    ...(ctx.conversation !== undefined ? [conversationNotice(ctx)] : []),
    ...blocks.map(([name, text]) => fenced(name, text, id)),
    ...(item !== undefined ? [item] : []),
  ].join('\n\n');
}

export function findingPrompt(ctx: JudgeContext, finding: Finding): { system: string; prompt: string } {
  return {
    system: system(
      ctx,
      `You evaluate a ${ctx.subject}. You are precise and literal: an issue counts as caught only when ` +
        'the answer names the specific problem and why it matters.',
      [
        'Read the issue description and its hint keywords.',
        `Find where the ${ctx.subject} discusses this issue, if anywhere.`,
        'Decide whether it identified the core problem, not merely a related word in passing.',
        ...guidanceSteps(ctx),
        'Write your reasoning first, then your verdict.',
      ],
      'Return one JSON object: {"reasoning": "<two or three sentences>", "caught": true|false}.',
      'Judge only the issue given. Do not reward length, tone or other findings.',
    ),
    prompt: material(
      ctx,
      `<issue id="${finding.id}" severity="${finding.severity}">\n${finding.description}\n` +
        `Hint keywords (stems, read them semantically): ${finding.keywords.join(', ') || 'none'}\n</issue>`,
    ),
  };
}

export function absentPrompt(ctx: JudgeContext, absent: string): { system: string; prompt: string } {
  return {
    system: system(
      ctx,
      `You check a ${ctx.subject} for false positives: problems it reports that are not real.`,
      [
        'Read the thing that must NOT be reported as a problem.',
        `Check whether the ${ctx.subject} reports it as an issue, under any wording.`,
        'Mentioning it as correct or acceptable is not flagging it.',
        ...(ctx.acceptable?.length ? ['Reporting a real issue listed under acceptable is not flagging it.'] : []),
        'Write your reasoning first, then your verdict.',
      ],
      'Return one JSON object: {"reasoning": "<two or three sentences>", "flagged": true|false}.',
      'Judge only the item given.',
    ),
    prompt: material(ctx, `<must_not_be_flagged>\n${absent}\n</must_not_be_flagged>${acceptableBlock(ctx)}`),
  };
}

export function rubricPrompt(ctx: JudgeContext, rubric: string): { system: string; prompt: string } {
  return {
    system: system(
      ctx,
      `You grade a ${ctx.subject} against a rubric, pass or fail.`,
      [
        'Read the rubric.',
        'Compare the answer with each requirement.',
        ...guidanceSteps(ctx),
        'Write your reasoning first, then your verdict.',
      ],
      'Return one JSON object: {"reasoning": "<two or three sentences>", "pass": true|false}.',
      'Pass only when every requirement of the rubric is met.',
    ),
    prompt: material(ctx, `<rubric>\n${rubric}\n</rubric>`),
  };
}

export function repairPrompt(original: string, answer: string, problem: string): string {
  return (
    `${original}\n\nYour previous answer could not be used (${problem}):\n<previous>\n${answer.slice(0, 2000)}\n` +
    '</previous>\nAnswer again with only the JSON object, nothing else.'
  );
}
