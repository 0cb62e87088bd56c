import type { CaseResult } from '@evalpacks/core';
import { caseRecord, GradeSummarySchema, gradeRun, RunGradeSchema, recordSharing } from '@evalpacks/core/grade';

const cases = Number(process.argv[2] ?? 10000);
function result(c: number, epoch: number): CaseResult {
  const passed = (c * 7 + epoch) % 5 !== 0;
  return {
    case: {
      id: `case-${c}`,
      name: `Review of module ${c}`,
      description: '',
      input: 'x'.repeat(800),
      expectedFindings: [
        {
          id: 'sql-injection',
          description: 'SQL built from user input',
          severity: 'critical',
          keywords: ['injection'],
        },
        { id: 'no-limit', description: 'Unbounded', severity: 'low', keywords: ['limit'] },
      ],
      expectedAbsent: ['the function name'],
    },
    epoch,
    status: passed ? 'passed' : 'failed',
    transcript: {
      input: 'x',
      answer: 'y',
      toolCalls: [],
      turns: 1,
      usage: { input: 1, output: 1 },
      latencyMs: 1,
      model: 'm',
    },
    checks: [
      { id: 'table', name: 'Findings table', part: 'expectation', passed: true, detail: 'ok' },
      {
        id: 'scope',
        name: 'Stays in scope',
        part: 'narrowing',
        passed,
        detail: passed ? 'in scope' : 'rewrote the file',
      },
    ],
    verdicts: ['sql-injection', 'no-limit'].map((itemId) => ({
      kind: 'finding' as const,
      itemId,
      model: 'j',
      usage: { input: 1, output: 1 },
      latencyMs: 1,
      status: 'ok' as const,
      reasoning: 'r',
      passed: passed || itemId === 'sql-injection',
    })),
    reasons: [],
    judgeUsage: { input: 1, output: 1 },
  };
}
const share = recordSharing();
let t = performance.now();
const records = [];
for (let c = 0; c < cases; c++) for (let e = 0; e < 3; e++) records.push(caseRecord(result(c, e), share));
console.log('records', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
const grade = gradeRun({ cases: records });
console.log('gradeRun', (performance.now() - t).toFixed(0), 'ms');
const { cases: tallies, ...summary } = grade;
t = performance.now();
const sj = JSON.stringify(summary);
const cj = JSON.stringify(tallies);
console.log('stringify', (performance.now() - t).toFixed(0), 'ms', 'summary', sj.length, 'cases', cj.length);
t = performance.now();
const ps = GradeSummarySchema.parse(JSON.parse(sj));
console.log('summary parse+zod', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
JSON.parse(cj);
console.log('cases JSON.parse', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
RunGradeSchema.shape.cases.parse(JSON.parse(cj));
console.log('cases parse+zod', (performance.now() - t).toFixed(0), 'ms');
