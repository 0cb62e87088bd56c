import { describe, expect, it } from 'vitest';
import { gradeRun } from '../src/grade/grade-run.ts';
import { RunGradeSchema } from '../src/grade/grade-schema.ts';
import type { AnswerToken } from '../src/ports/backend-ports.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { summaryText } from '../src/report/summary-block.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { promptNamed, sampleCase, scriptedAgent, scriptedJudge, tablePack } from './support.ts';

/** The answer's tokens, `true`/`false` at probability p and the rest near certain. */
const tokensOf = (text: string, p: number): AnswerToken[] =>
  (text.match(/\s*[A-Za-z]+|\s*\d+|\s*[^\sA-Za-z\d]|\s+$/g) ?? []).map((token) => ({
    token,
    logprob: Math.log(/^(true|false)$/.test(token.trim()) ? p : 0.9999),
  }));

/** A judge sure of everything but the cors finding, whose "true" it gave 55%. */
function judgeWithTokens(withTokens = true) {
  const judge = scriptedJudge((request) =>
    request.prompt.includes('<must_not_be_flagged>')
      ? '{"reasoning":"Not flagged.","flagged":false}'
      : '{"reasoning":"Caught.","caught":true}',
  );
  const call = judge.call.bind(judge);
  judge.call = async (request) => {
    const response = await call(request);
    const p = request.prompt.includes('id="cors"') ? 0.55 : 0.97;
    return withTokens ? { ...response, tokens: tokensOf(response.text, p) } : response;
  };
  return judge;
}

const run = (withTokens = true) =>
  collectRun({
    pack: tablePack,
    variant: promptNamed('baseline'),
    cases: [sampleCase],
    agent: scriptedAgent(() => '| ssn | cors |'),
    judge: judgeWithTokens(withTokens),
    concurrency: 1,
  });

describe('low-confidence verdicts', () => {
  it('are counted in the stored grade and the summary, and marked in the reports', async () => {
    const result = await run();
    const [cors] = result.cases[0]?.verdicts.filter((v) => v.itemId === 'cors') ?? [];
    expect(cors?.status === 'ok' && cors.confidence).toBeCloseTo(0.55, 12);
    const grade = gradeRun(result);
    expect(grade.figures.totals.confidence).toEqual({ scored: 3, low: 1, threshold: 0.8 });
    expect(RunGradeSchema.parse(JSON.parse(JSON.stringify(grade)))).toEqual(grade);
    const summary = summaryText(
      grade,
      { agent: result.agent, judge: { backend: 'script', model: 'judge-model' } },
      {
        repeated: false,
      },
    );
    expect(summary).toContain('\n  low confidence  1 of 3 verdicts (decision token below 80.0%)\n');
    // Only verdicts of a case that did not pass are written out in the Markdown; a stricter threshold still counts.
    expect(gradeRun(result, { lowConfidence: 0.98 }).figures.totals.confidence).toEqual({
      scored: 3,
      low: 3,
      threshold: 0.98,
    });
    expect(markdownReport(result, { grade })).not.toContain('low confidence');
  });

  it('are neither counted nor marked where the backend returned no log-probabilities', async () => {
    const result = await run(false);
    expect(result.cases[0]?.verdicts.every((v) => !('confidence' in v))).toBe(true);
    const grade = gradeRun(result);
    expect(grade.figures.totals.confidence).toBeUndefined();
    expect(summaryText(grade, { agent: result.agent }, { repeated: false })).not.toContain('confidence');
  });
});
