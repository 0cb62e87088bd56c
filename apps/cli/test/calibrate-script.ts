import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseResult, Label, WrongSide } from '@evalpacks/core';
import { labelVerdict } from '@evalpacks/core/calibration';
import type { OllamaStandIn } from '@evalpacks/testkit';
import { JUDGE_TOKENS } from './judge-script.ts';
import { ROOT } from './run-cli.ts';

const FROZEN = join(ROOT, 'apps/cli/test/packs/code-review');

/**
 * A copy of the frozen code-review test pack without its labels, so a test's labels are the only ones. Its
 * entry imports the shipped pack by path, since a folder outside the workspace cannot resolve the package.
 */
export function packCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'evalpacks-calibrate-')), 'code-review');
  for (const part of ['src', 'cases', 'prompts', 'fixtures']) {
    cpSync(join(FROZEN, part), join(dir, part), { recursive: true });
  }
  const shipped = pathToFileURL(join(ROOT, 'domains/code-review/src/index.ts')).href;
  const entry = join(dir, 'src', 'index.ts');
  writeFileSync(entry, readFileSync(entry, 'utf8').replace("'@evalpacks/code-review'", `'${shipped}'`));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

/** A tuned judge prompt: a stricter Step the scripted judge reacts to. */
export const STRICT_STEP = 'Count a catch only when the review gives the reason the fix works.';
export function strictPrompt(dir: string): string {
  const file = join(dir, 'strict-judge.md');
  writeFileSync(file, `# Steps\n- ${STRICT_STEP}\n`);
  return file;
}

/** Under the strict prompt the judge no longer passes these two findings. */
export const STRICT_MISSES = ['client-in-handler', 'no-batch-write'];

/** The strict judge's answers; add before scriptJudge's, which answer everything else. */
export function scriptStrictJudge(standIn: OllamaStandIn): void {
  for (const id of STRICT_MISSES) {
    standIn.script({
      match: { hasFormat: true, system: STRICT_STEP, contains: `id="${id}"` },
      reply: {
        content: JSON.stringify({ reasoning: `The review does not say why the ${id} fix works.`, caught: false }),
        promptTokens: JUDGE_TOKENS.input,
        outputTokens: JUDGE_TOKENS.output,
      },
    });
  }
}

/** What the person says per item of the run; items not named are agreed with. */
export const PERSON: Record<string, { wrong: WrongSide; note: string }> = {
  'client-in-handler': { wrong: 'judge', note: 'Only says "create it once"; never ties it to warm invocations.' },
  'no-batch-write': { wrong: 'judge', note: 'Names BatchWriteCommand but not the sequential round trips.' },
  'no-error-handling': { wrong: 'agent', note: 'The fix logs the whole error object, request payload included.' },
  'absent-2': { wrong: 'case', note: 'The catch block answers 500 for a validation error too; say so in the case.' },
};

/** Labels on every verdict of a stored run, as a person in the viewer would give them. */
export function labelsFor(results: CaseResult[]): Label[] {
  return results.flatMap((result) =>
    result.verdicts.flatMap((verdict) => {
      if (verdict.status !== 'ok') return [];
      const said = PERSON[verdict.itemId];
      const label = labelVerdict(result, verdict, said ? { label: 'disagree', ...said } : { label: 'agree' });
      return label ? [label] : [];
    }),
  );
}
