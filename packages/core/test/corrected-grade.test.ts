import { describe, expect, it } from 'vitest';
import { judgeCalibration } from '../src/calibration/judge-calibration.ts';
import { inputHash } from '../src/calibration/label-key.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { RunGradeSchema } from '../src/grade/grade-schema.ts';
import { jsonReport } from '../src/report/json.ts';
import { junitReport } from '../src/report/junit.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { summaryText } from '../src/report/summary-block.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import type { Case } from '../src/schema/case.ts';
import { LabelSchema } from '../src/schema/label.ts';
import { promptNamed, sampleCase, scriptedAgent, scriptedJudge, tablePack } from './support.ts';

/** 60 cases of one finding each; in the first 30 the agent's answer truly holds it (true recall 1/2). */
const cases: Case[] = Array.from({ length: 60 }, (_, i) => ({
  ...sampleCase,
  id: `c${i}`,
  name: `Case ${i}`,
  input: `function c${i}() {}`,
  expectedFindings: [{ id: 'leak', description: 'Leaks the token', severity: 'high', keywords: [] }],
  expectedAbsent: [],
}));
const real = (i: number) => i < 30;

/** Misses one in five real findings and accepts one in three answers without it. */
const judge = scriptedJudge((request) => {
  const i = Number(/function c(\d+)\(\)/.exec(request.prompt)?.[1]);
  const caught = real(i) ? i % 5 !== 0 : (i - 30) % 3 === 0;
  return JSON.stringify({ reasoning: 'scripted', caught });
});
const JUDGE = { model: 'judge-model', promptVersion: 'risen-judge-v3' };

/** A person's labels on 60 other answers this same judge saw: TPR 24/30, TNR 20/30, as scripted. */
const labels = Array.from({ length: 60 }, (_, i) => {
  const truth = real(i);
  const judgePassed = truth ? i % 5 !== 0 : (i - 30) % 3 === 0;
  return LabelSchema.parse({
    caseId: `c${i}`,
    kind: 'finding',
    itemId: 'leak',
    label: judgePassed === truth ? 'agree' : 'disagree',
    ...(judgePassed !== truth && { wrong: 'judge' }),
    verdict: { passed: judgePassed, reasoning: 'scripted', ...JUDGE },
    inputSha256: inputHash(`function c${i}() {}`),
    answer: `an earlier review ${i}`,
  });
});
const other = { ...labels[0], verdict: { passed: true, reasoning: 'x', model: 'testkit-scripted-judge' } };

const run = await collectRun({
  pack: tablePack,
  variant: promptNamed('baseline'),
  cases,
  agent: scriptedAgent((input) => `| review of ${input} |`),
  judge,
  concurrency: 4,
});
const calibration = judgeCalibration([...labels, LabelSchema.parse(other)], JUDGE, cases);

describe('a grade with judge-corrected rates', () => {
  it('keeps raw and corrected findings apart in the stored grade, and round-trips through JSON', () => {
    const grade = gradeRun(run, { calibration });
    expect(grade.figures.totals.findings).toMatchObject({ passed: 34, judged: 60 });
    const findings = grade.corrected?.findings;
    if (findings?.status !== 'corrected') throw new Error(`not corrected: ${JSON.stringify(findings)}`);
    expect(findings.estimate).toBeCloseTo(0.5, 12);
    expect(findings.lower).toBeCloseTo(0.152, 3);
    expect(findings.upper).toBeCloseTo(0.848, 3);
    expect(grade.corrected?.otherJudges).toEqual([{ model: 'testkit-scripted-judge', labels: 1 }]);
    expect(grade.corrected?.absent.status).toBe('no-verdicts');
    expect(RunGradeSchema.parse(JSON.parse(JSON.stringify(grade)))).toEqual(grade);
    // Grades stored before corrected figures existed still parse.
    const { corrected: _, ...older } = grade;
    expect(RunGradeSchema.parse(JSON.parse(JSON.stringify(older))).corrected).toBeUndefined();
  });

  it('prints the corrected line with its labels in the summary, results.json, summary.md and JUnit', () => {
    const grade = gradeRun(run, { calibration });
    const summary = summaryText(
      grade,
      { agent: run.agent, judge: { backend: 'script', model: 'judge-model' } },
      {
        repeated: false,
      },
    );
    expect(summary).toContain(
      [
        '  findings        34/60 caught (95% CI 44.1–68.4%)',
        '  judge-corrected findings caught 50.0% (95% CI 15.2–84.8%), raw 56.7% · 60 labels (30 passing, 30 failing) · TPR 80.0% TNR 66.7%',
        '                  labels of judge-model · risen-judge-v3: 60 used; not used: 1 of another judge (testkit-scripted-judge · prompt version unknown)',
      ].join('\n'),
    );
    const json = JSON.parse(jsonReport(run, { grade }));
    expect(json.grade.corrected.findings).toMatchObject({ status: 'corrected', raw: { passed: 34, total: 60 } });
    expect(json.grade.corrected.used).toBe(60);
    const markdown = markdownReport(run, { grade });
    expect(markdown).toContain(
      '- findings caught 50.0% (95% CI 15.2–84.8%), raw 56.7% · 60 labels (30 passing, 30 failing) · TPR 80.0% TNR 66.7%',
    );
    expect(junitReport(run, { grade })).toContain('name="judge-corrected-1" value="findings caught 50.0% (95% CI');
  });

  it('prints nothing corrected when no label is of the judge that ran', () => {
    const grade = gradeRun(run, { calibration: judgeCalibration([LabelSchema.parse(other)], JUDGE, cases) });
    expect(grade.corrected?.used).toBe(0);
    const summary = summaryText(grade, { agent: run.agent }, { repeated: false });
    expect(summary).not.toContain('corrected');
    expect(summaryText(gradeRun(run), { agent: run.agent }, { repeated: false })).toBe(summary);
  });

  it('holds --min-pass-rate to the corrected figure only with --gate corrected', () => {
    // Raw: 34/60 cases pass (56.7%), corrected findings 50.0%: a 55% minimum passes raw, fails corrected.
    const raw = gradeRun(run, { calibration, minPassRate: 0.55 });
    expect(raw.gate).toEqual({ minimum: 0.55, met: true });
    expect(raw.exitCode).toBe(0);
    const corrected = gradeRun(run, { calibration, minPassRate: 0.55, gateOn: 'corrected' });
    expect(corrected.gate).toMatchObject({ minimum: 0.55, met: false, on: 'corrected' });
    expect(corrected.gate?.value).toBeCloseTo(0.5, 12);
    expect(corrected.exitCode).toBe(1);
    const lower = gradeRun(run, { calibration, minPassRate: 0.45, gateOn: 'corrected' });
    expect(lower.gate?.met).toBe(true);
    expect(lower.exitCode).toBe(0);
    const none = gradeRun(run, { minPassRate: 0.1, gateOn: 'corrected' });
    expect(none.gate).toEqual({
      minimum: 0.1,
      met: false,
      on: 'corrected',
      reason: 'not corrected: no labels were read for this run',
    });
    const summary = summaryText(corrected, { agent: run.agent }, { repeated: false });
    expect(summary).toContain('  pass rate       corrected findings 50.0% (minimum 55.0%, not met)');
  });
});
