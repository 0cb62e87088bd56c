import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { InputError } from '../errors/input-error.ts';
import type { Pack } from '../pack/define-pack.ts';
import { parseRisenSections, RISEN_PARTS } from '../pack/prompt.ts';
import type { JudgeStyle } from './verdict.ts';

/**
 * The version of core's judge prompts, per style. Bump it whenever their wording changes: every verdict
 * names the version that asked, and the call cache keys on it, so old verdicts are never mistaken for
 * answers to the new wording.
 */
export const JUDGE_PROMPT_VERSIONS: Record<JudgeStyle, string> = {
  // v2: the answer and the case text are fenced as data (issue 11).
  // v3: a false-positive question lists the case's acceptable items, which it must not count (issue 23).
  // v4: on a conversation, the judge names the agent turn its verdict rests on (issue 25).
  structured: 'risen-judge-v4',
  'yes-no': 'yes-no-judge-v4',
};

/**
 * A pack's (or a file's) tuning of the judge: extra Steps (what counts as a real catch; they replace the
 * pack's one-line `judge.guidance`) and a Narrowing that replaces core's. The judge's Role, Instructions
 * and Expectation stay core's: they fix the verdict's JSON shape and how the answer is fenced.
 */
export interface JudgeTuning {
  /** Where it came from, as the version names it: `code-review/judge.md`, or a file name. */
  source: string;
  /** sha256 of the file, so an edit makes a new version. */
  hash: string;
  steps?: string[];
  narrowing?: string;
}

/** The version string a verdict and the cache key carry: core's, plus the tuning that changed it. */
export function judgePromptVersion(style: JudgeStyle, tuning?: JudgeTuning | null): string {
  const base = JUDGE_PROMPT_VERSIONS[style];
  return tuning ? `${base}+${tuning.source}@${tuning.hash.slice(0, 12)}` : base;
}

const TUNABLE = ['steps', 'narrowing'];

/** Step lines without their list markers ("1.", "-", "*"), one step each. */
function stepLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*])\s+/, '').trim())
    .filter((line) => line !== '');
}

/**
 * A judge tuning from its text: RISEN headings, of which only Steps and Narrowing may appear. `path` names
 * the file in errors; a tuned judge.md is read this way before it is written, so a bad one never lands.
 */
export function parseJudgeTuning(text: string, path: string, source: string): JudgeTuning {
  const sections = parseRisenSections(text);
  const fixed = RISEN_PARTS.find((part) => !TUNABLE.includes(part) && sections[part] !== undefined);
  if (fixed) {
    throw new InputError(
      `${path}: section "${fixed}" cannot be tuned; a judge prompt sets only "# Steps" (added to the judge's ` +
        `steps) and "# Narrowing" (replaces the judge's narrowing)`,
    );
  }
  const steps = sections.steps ? stepLines(sections.steps) : [];
  const narrowing = sections.narrowing?.trim();
  if (steps.length === 0 && !narrowing) {
    throw new InputError(`${path}: no "# Steps" or "# Narrowing" section with text; nothing to tune`);
  }
  return {
    source,
    hash: createHash('sha256').update(text).digest('hex'),
    ...(steps.length > 0 && { steps }),
    ...(narrowing && { narrowing }),
  };
}

/** Reads a judge tuning file (see parseJudgeTuning). */
export async function loadJudgeTuning(path: string, source: string): Promise<JudgeTuning> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read judge prompt ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  return parseJudgeTuning(text, path, source);
}

/** Where a pack keeps its judge tuning, and the source name its prompt version carries. */
export function packJudgeFile(pack: Pack): { path: string; source: string } {
  const path = join(pack.root, 'judge.md');
  return { path, source: `${pack.name}/${relative(pack.root, path)}` };
}

/** The pack's own `judge.md`, or undefined when it has none (core's judge prompt as it is). */
export async function loadPackJudgeTuning(pack: Pack): Promise<JudgeTuning | undefined> {
  const { path, source } = packJudgeFile(pack);
  try {
    await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  }
  return loadJudgeTuning(path, source);
}
