import { describe, expect, it } from 'vitest';
import * as calibration from '../src/calibration.ts';
import * as grade from '../src/grade.ts';
import * as main from '../src/index.ts';
import * as report from '../src/report.ts';
import * as runner from '../src/runner.ts';
import * as stats from '../src/stats.ts';

const ENTRIES = { main, runner, grade, report, stats, calibration };

describe('public API', () => {
  it('the main entry holds what a pack author needs and nothing of the machinery', () => {
    expect(Object.keys(main).sort()).toEqual(
      [
        'CaseFileError',
        'CaseResultSchema',
        'CaseSchema',
        'CheckResultSchema',
        'ConversationEndSchema',
        'ConversationTurnSchema',
        'DifficultySchema',
        'FindingSchema',
        'InputError',
        'LINT_LIMITS',
        'LabelSchema',
        'LabelledVerdictSchema',
        'PersonLabelSchema',
        'RISEN_PARTS',
        'RepeatPolicySchema',
        'RisenPartSchema',
        'RunResultSchema',
        'SampleTranscriptSchema',
        'SPLIT_CHOICES',
        'SeveritySchema',
        'SimulatedUserSchema',
        'SplitSchema',
        'StopReasonSchema',
        'ToolArgumentsError',
        'ToolCallSchema',
        'TranscriptSchema',
        'USER_STOP',
        'UserBehaviourSchema',
        'UserBlockSchema',
        'VerdictSchema',
        'WrongSideSchema',
        'answerContains',
        'answersWithinTurnLimit',
        'brief',
        'caseChecks',
        'casesInSplit',
        'defineCheck',
        'definePack',
        'defineTool',
        'formatLintProblem',
        'httpAgent',
        'invokeTool',
        'isPersonLabel',
        'lintPack',
        'loadPackCases',
        'loadPackVariant',
        'missingParts',
        'noToolCalled',
        'referenceAnswerProblems',
        'runChecks',
        'splitOf',
        'splitOfId',
        'toolCallCount',
        'toolCalled',
        'toolCalledWith',
        'toolNeverCalled',
        'toolsCalledInOrder',
        'trajectoryChecks',
        'turnsWithin',
      ].sort(),
    );
  });

  it('each name has one home: no entry re-exports another entry’s name', () => {
    const homes = new Map<string, string[]>();
    for (const [entry, module] of Object.entries(ENTRIES)) {
      for (const name of Object.keys(module)) homes.set(name, [...(homes.get(name) ?? []), entry]);
    }
    expect([...homes].filter(([, entries]) => entries.length > 1)).toEqual([]);
  });
});
