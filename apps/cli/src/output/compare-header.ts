import type { ModelRef } from '@evalpacks/core';
import { visible } from '@evalpacks/core/report';
import { SELF_JUDGE_NOTE } from '../backends/connect.ts';
import type { PreparedRun } from '../run/execute.ts';
import type { CommandIo } from './command-io.ts';

/** One side of a compare as its header line and labels name it. */
export interface SideFacts {
  /** `key` tells two prompts apart: the text, or its stored hash. */
  prompt: { name: string; key: string };
  /** The agent: a backend's model, or the pack's own. */
  agent: ModelRef;
  own: boolean;
  /** Where the agent's backend is, e.g. ` @ http://127.0.0.1:11434`. */
  where: string;
}

export function sideFacts(side: PreparedRun): SideFacts {
  const { plan, agent, backends } = side;
  const own = plan.agent.kind === 'own';
  const ref = plan.agent.kind === 'backend' ? plan.agent.role : { backend: agent.backend, model: agent.model };
  const where = plan.agent.kind === 'backend' ? (backends.where[plan.agent.role.backend] ?? '') : '';
  return { prompt: { name: plan.variant.name, key: plan.variant.text }, agent: ref, own, where };
}

const agentName = (side: SideFacts) => `${side.agent.backend} ${side.agent.model}`;

/** What to call each side: the prompt names, the models when only those differ, both when both do. */
export function sideLabels(a: SideFacts, b: SideFacts): [string, string] {
  const samePrompt = a.prompt.key === b.prompt.key;
  const sameBackend = a.agent.backend === b.agent.backend;
  const model = (side: SideFacts) => (sameBackend ? side.agent.model : agentName(side));
  const sameModel = model(a) === model(b);
  const name = (side: SideFacts) =>
    samePrompt ? model(side) : sameModel ? side.prompt.name : `${side.prompt.name} (${model(side)})`;
  const [left, right] = [name(a), name(b)];
  return left === right ? [`${left} (baseline)`, `${right} (variant)`] : [left, right];
}

export interface CompareHeader {
  pack: string;
  cases: number;
  /** --split: named in the header unless it is all. */
  split: string;
  epochs: number;
  policy: string;
  baseline: SideFacts;
  variant: SideFacts;
  judge?: ModelRef;
  judgeStyle: string;
}

/** The lines before the comparison: what each side runs, and the one judge both share. */
export function printCompareHeader(terminal: CommandIo, facts: CompareHeader): void {
  // Prompt names come from file names, or from the store for stored runs: printed as visible text.
  const io = { write: (text: string) => terminal.write(visible(text)) };
  const { baseline, variant, judge } = facts;
  const epochs = facts.epochs === 1 ? '1 epoch' : `${facts.epochs} epochs`;
  const split = facts.split === 'all' ? '' : ` · split ${facts.split}`;
  io.write(`evalpacks compare · ${facts.pack} · ${facts.cases} cases${split} · ${epochs} · policy ${facts.policy}\n`);
  const line = (side: SideFacts) =>
    side.own ? `${side.agent.backend} ${side.agent.model} (the pack's own)` : `${agentName(side)}${side.where}`;
  io.write(`baseline  ${baseline.prompt.name} · ${line(baseline)}\n`);
  io.write(`variant   ${variant.prompt.name} · ${line(variant)}\n`);
  const style = facts.judgeStyle === 'yes-no' ? ', yes-no questions' : '';
  io.write(
    `judge     ${judge ? `${judge.backend} ${judge.model} (both sides${style})` : 'none (--structural-only)'}\n`,
  );
  const judges = (side: SideFacts) =>
    judge !== undefined && !side.own && judge.backend === side.agent.backend && judge.model === side.agent.model;
  if (judges(baseline) || judges(variant)) io.write(SELF_JUDGE_NOTE);
  if (baseline.prompt.key === variant.prompt.key && agentName(baseline) === agentName(variant)) {
    io.write('note   both sides are the same prompt and model: this A/A run measures noise\n');
  }
}
