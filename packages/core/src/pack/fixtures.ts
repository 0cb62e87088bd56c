import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Case } from '../schema/case.ts';
import { type SampleTranscript, SampleTranscriptSchema } from '../schema/sample-transcript.ts';
import { replayToolCalls } from '../tools/environment.ts';
import { CaseFileError, describeIssue, issuePath, readDocuments } from './case-file.ts';
import type { Pack } from './define-pack.ts';

/** Where a pack keeps the sample transcript of a case. */
export function fixturePath(pack: Pack, caseId: string): string {
  return join(pack.root, 'fixtures', `${caseId}.json`);
}

const flat = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The pack's sample transcript for a case, or undefined when it ships none. A fixture that does not
 * parse, or whose input is not the case's input (the case changed since), is an error naming file,
 * line and field, never a silent fallback.
 */
export async function loadSampleTranscript(pack: Pack, testCase: Case): Promise<SampleTranscript | undefined> {
  const file = fixturePath(pack, testCase.id);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CaseFileError(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const docs = readDocuments(file, text);
  const parsed = SampleTranscriptSchema.safeParse(docs.items[0]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new CaseFileError(`${file}:${docs.lineOf(issuePath(issue), 0)}: ${describeIssue(issue)}`);
  }
  if (flat(parsed.data.input) !== flat(testCase.input)) {
    throw new CaseFileError(
      `${file}:${docs.lineOf(['input'], 0)}: field "input": differs from the input of case "${testCase.id}"; ` +
        'update the fixture to the case as it is now',
    );
  }
  if (!pack.environment) return parsed.data;
  if (parsed.data.endState !== undefined) {
    throw new CaseFileError(
      `${file}:${docs.lineOf(['endState'], 0)}: field "endState": is computed by replaying the toolCalls through ` +
        `the pack's environment, never written by hand; remove it`,
    );
  }
  // A reference trajectory's end state is what its calls do to a fresh environment.
  const endState = await replayToolCalls(pack.environment(), parsed.data.toolCalls, file, pack.name);
  return endState === undefined ? parsed.data : { ...parsed.data, endState };
}

/** Every sample transcript the pack ships for these cases, read and checked up front so a bad one stops the run. */
export async function loadSampleTranscripts(pack: Pack, cases: Case[]): Promise<Map<string, SampleTranscript>> {
  const samples = new Map<string, SampleTranscript>();
  for (const testCase of cases) {
    const sample = await loadSampleTranscript(pack, testCase);
    if (sample) samples.set(testCase.id, sample);
  }
  return samples;
}
