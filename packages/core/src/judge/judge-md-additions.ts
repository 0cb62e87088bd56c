import { InputError } from '../errors/input-error.ts';
import { parseRisenSections } from '../pack/prompt.ts';
import { type JudgeTuning, parseJudgeTuning } from './judge-prompt.ts';

/** What a tuning proposal adds to a judge.md: lines for its Steps and its Narrowing, never removals. */
export interface JudgeAdditions {
  steps: string[];
  narrowing: string[];
}

/**
 * The narrowing a judge.md starts with when an addition gives it its first Narrowing section: a judge.md
 * Narrowing replaces core's, so core's wording is kept in front and the tuning only adds to it.
 */
export const KEPT_CORE_NARROWING = 'Judge only the item given. Do not reward length, tone or other findings.';

/** One line each: a proposal's newlines would start new list items or headings the proposer never meant. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** Lines of a section: its text, then the added lines (Steps as list items). */
function section(name: string, kept: string | undefined, added: string[], list: boolean): string | undefined {
  const lines = added.map(oneLine).filter((line) => line !== '');
  if (kept === undefined && lines.length === 0) return undefined;
  const body = [kept?.trim(), ...lines.map((line) => (list ? `- ${line}` : line))].filter(Boolean).join('\n');
  return `# ${name}\n${body}\n`;
}

/**
 * The judge.md with the additions: its Steps and Narrowing as they are, each followed by the added lines.
 * A file without Steps starts them with the pack's one-line guidance, which a judge.md Steps section
 * replaces; one without Narrowing starts it with core's (KEPT_CORE_NARROWING).
 */
export function addToJudgeMd(current: string | undefined, additions: JudgeAdditions, guidance?: string): string {
  const sections = parseRisenSections(current ?? '');
  const steps = sections.steps ?? (additions.steps.length > 0 && guidance ? `- ${oneLine(guidance)}` : undefined);
  const narrowing = sections.narrowing ?? (additions.narrowing.length > 0 ? KEPT_CORE_NARROWING : undefined);
  return [section('Steps', steps, additions.steps, true), section('Narrowing', narrowing, additions.narrowing, false)]
    .filter((part) => part !== undefined)
    .join('\n');
}

/**
 * Reads a tuned judge.md before it is written, and refuses one that lost a section the current file has (a
 * proposed line that is itself a heading ends the section it was added to) or that a judge.md may not hold.
 * The refusal is one line naming the file and the section.
 */
export function checkTunedJudgeMd(
  current: string | undefined,
  tuned: string,
  path: string,
  source: string,
): JudgeTuning {
  const before = parseRisenSections(current ?? '');
  const after = parseRisenSections(tuned);
  for (const part of ['steps', 'narrowing'] as const) {
    const kept = before[part];
    if (kept && !after[part]?.includes(kept)) {
      throw new InputError(
        `refusing to write ${path}: the tuned judge.md loses its "# ${part[0]?.toUpperCase()}${part.slice(1)}" section`,
      );
    }
  }
  try {
    return parseJudgeTuning(tuned, path, source);
  } catch (error) {
    throw new InputError(`refusing to write ${(error as Error).message}`);
  }
}
