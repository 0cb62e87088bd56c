import { trajectoryChecks } from '../checks/case-checks.ts';
import { runChecks } from '../checks/define-check.ts';
import { InputError } from '../errors/input-error.ts';
import type { Case } from '../schema/case.ts';
import type { Pack } from './define-pack.ts';
import { fixturePath, loadSampleTranscript } from './fixtures.ts';
import { loadPackCases } from './load-pack.ts';

/** Why a case's reference answer (its fixture) is missing or wrong; `file` is the fixture's path. */
export interface ReferenceProblem {
  caseId: string;
  file: string;
  message: string;
}

/** What a hand-written reference says it is: never a model's name (issue 23: no reference poses as a model's). */
const HAND_WRITTEN = /hand-written/i;

/**
 * Every way the pack's reference answers fall short: a case with no fixture, a fixture that does not load
 * (or answers another input), one that poses as a model's output (a model name, tokens spent), records an
 * agent error, or fails one of the pack's own structural checks (and the case's trajectory checks). Empty
 * when every case has a correct reference. Pure: no model is asked. For a pack's own test:
 * `expect(await referenceAnswerProblems(pack)).toEqual([])`.
 */
export async function referenceAnswerProblems(pack: Pack, cases?: readonly Case[]): Promise<ReferenceProblem[]> {
  const problems: ReferenceProblem[] = [];
  for (const testCase of cases ?? (await loadPackCases(pack))) {
    const file = fixturePath(pack, testCase.id);
    const problem = (message: string) => problems.push({ caseId: testCase.id, file, message });
    let sample: Awaited<ReturnType<typeof loadSampleTranscript>>;
    try {
      sample = await loadSampleTranscript(pack, testCase);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problem(error.message);
      continue;
    }
    if (!sample) {
      problem(`case "${testCase.id}" has no reference answer: write ${file}`);
      continue;
    }
    if (!HAND_WRITTEN.test(sample.model)) {
      problem(
        `field "model": "${sample.model}" names a model; a reference is written by hand and says so ("hand-written reference")`,
      );
    }
    if (sample.usage.input + sample.usage.output > 0) {
      problem(
        'field "usage": a hand-written reference spent no tokens; write { "input": 0, "output": 0 } or leave it out',
      );
    }
    if (sample.error !== undefined) {
      problem(`field "error": the reference records an agent error ("${sample.error}") instead of an answer`);
      continue;
    }
    for (const check of runChecks([...pack.checks, ...trajectoryChecks(pack, testCase)], sample, testCase)) {
      if (!check.passed) problem(`fails check "${check.id}" (${check.name}): ${check.detail}`);
    }
  }
  return problems;
}
