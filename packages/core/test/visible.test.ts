import { describe, expect, it } from 'vitest';
import { gradeRun } from '../src/grade/grade-run.ts';
import { consoleReporter } from '../src/report/console.ts';
import { visible } from '../src/report/visible.ts';
import type { CaseResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach a terminal
const CONTROL_BYTES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const CLEAR = '\u001b[2J\u001b[H';

describe('text from a model, a tool or a case file on the console', () => {
  it('shows control characters as visible stand-ins, keeping newlines and tabs', () => {
    expect(visible(`a${CLEAR}b\u0007\u009b\u007f\u202e\tc\nd`)).toBe('a␛[2J␛[Hb␇[U+009B]␡[U+202E]\tc\nd');
  });

  it('prints tool arguments and errors, agent errors, case names and check details without them', () => {
    const lines: string[] = [];
    const reporter = consoleReporter({ write: (text) => lines.push(text), color: false });
    const transcript = {
      ...transcriptWith([{ name: 'lookup', arguments: { id: `x${CLEAR}` }, error: `boom${CLEAR}` }], `ok${CLEAR}`),
      error: `agent${CLEAR}`,
    };
    const result: CaseResult = {
      case: { ...sampleCase, name: `named${CLEAR}`, expectedFindings: [], expectedAbsent: [] },
      epoch: 0,
      status: 'failed',
      transcript,
      checks: [{ id: 'c', name: 'check', part: 'steps', passed: false, detail: `saw${CLEAR}` }],
      verdicts: [],
      reasons: [],
      judgeUsage: { input: 0, output: 0 },
    };
    reporter.caseResult(result);
    const run = {
      pack: 'p',
      variant: 'v',
      agent: { backend: 'b', model: 'm' },
      startedAt: '2025-01-01T00:00:00.000Z',
      finishedAt: '2025-01-01T00:00:01.000Z',
      cases: [result],
    };
    reporter.summary(run, [], gradeRun(run));
    const printed = lines.join('');
    expect(printed).not.toMatch(CONTROL_BYTES);
    for (const shown of ['named␛[2J␛[H', 'boom␛[2J␛[H', 'agent␛[2J␛[H', 'saw␛[2J␛[H', 'ok␛[2J␛[H']) {
      expect(printed).toContain(shown);
    }
  });
});
