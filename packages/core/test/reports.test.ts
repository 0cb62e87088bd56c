import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { jsonReport } from '../src/report/json.ts';
import { junitReport } from '../src/report/junit.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { type CaseResult, type RunResult, RunResultSchema } from '../src/schema/result.ts';
import { sampleCase } from './support.ts';

const NASTY = 'a <b> & "c" \'d\' \u0000\u0007 | pipe\nnext line ]]> 😀';

function result(status: CaseResult['status'], epoch: number, reasons: string[]): CaseResult {
  return {
    case: sampleCase,
    epoch,
    status,
    transcript: {
      input: sampleCase.input,
      answer: `answer ${NASTY}`,
      toolCalls: [],
      turns: 1,
      usage: { input: 1, output: 1 },
      latencyMs: 1500,
      model: 'm',
    },
    checks: [],
    verdicts: [
      {
        kind: 'finding',
        itemId: 'ssn',
        model: 'j',
        usage: { input: 1, output: 1 },
        latencyMs: 250,
        status: 'ok',
        reasoning: `reasoning ${NASTY}`,
        passed: false,
      },
    ],
    reasons,
    judgeUsage: { input: 1, output: 1 },
  };
}

const run: RunResult = {
  pack: 'demo',
  variant: 'v2',
  agent: { backend: 'ollama', model: 'a' },
  judge: { backend: 'ollama', model: 'j' },
  startedAt: '2025-03-04T05:06:07.891Z',
  finishedAt: '2025-03-04T05:06:10.391Z',
  cases: [
    result('passed', 0, []),
    result('failed', 1, [`steps: missed finding "ssn": ${NASTY}`, 'second reason']),
    result('error', 2, ['judge error on finding "ssn": broke']),
  ],
};

describe('junitReport', () => {
  const xml = junitReport(run, { runId: '7', hostname: 'ci-host' });
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    htmlEntities: true,
    isArray: (n) => n === 'testcase',
  }).parse(xml);

  it('is well-formed whatever the answers contain, and keeps their text', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const failure = parsed.testsuites.testsuite.testcase[1].failure;
    expect(failure.message).toBe(`steps: missed finding "ssn": a <b> & "c" 'd'  | pipe\nnext line ]]> 😀 (and 1 more)`);
    expect(failure['#text']).toContain(`MISSED ssn: reasoning a <b> & "c" 'd'  | pipe\nnext line ]]> 😀`);
    expect(failure['#text']).toContain('second reason');
  });

  it('counts per suite, names epochs, and gives time in seconds and a zone-less timestamp', () => {
    const suite = parsed.testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.errors, suite.time]).toEqual(['3', '1', '1', '2.500']);
    expect(suite.timestamp).toBe('2025-03-04T05:06:07');
    expect(suite.hostname).toBe('ci-host');
    expect(suite.testcase.map((c: { name: string }) => c.name)).toEqual([
      'lookup [epoch 1/3]',
      'lookup [epoch 2/3]',
      'lookup [epoch 3/3]',
    ]);
    expect(suite.testcase[0].time).toBe('1.750');
    expect(suite.testcase[2].error.type).toBe('judge-error');
  });
});

describe('markdownReport and jsonReport', () => {
  it('keeps a table row on one line whatever a reason contains', () => {
    const markdown = markdownReport(run, { runId: '7' });
    const row = markdown.split('\n').find((line) => line.startsWith('| ❌ |'));
    expect(row).toBe(
      `| ❌ | lookup \\[epoch 2/3\\] | – | 0/1 | 0 | steps: missed finding "ssn": a &lt;b&gt; &amp; "c" 'd' ␀␇ \\| pipe<br>next line \\]\\]&gt; 😀<br>second reason |`,
    );
    expect(markdown).toContain('**1/3 cases passed** · agent `ollama a` · judge `ollama j` · run 7');
  });

  it('renders HTML and Markdown from model text as text: no closing tag, image, beacon or handler', () => {
    const hostile = '</details><img src=x onerror=alert(1)> ![](https://tracker.example/b.png) <script>x</script>';
    const failed = result('failed', 0, [hostile]);
    const verdict = { ...failed.verdicts[0], reasoning: hostile } as CaseResult['verdicts'][number];
    const markdown = markdownReport({ ...run, cases: [{ ...failed, verdicts: [verdict] }] });
    expect(markdown).not.toMatch(/<img|<script|<\/details><img|!\[\]\(/);
    expect(markdown.match(/<\/?details>/g)).toEqual(['<details>', '</details>']);
    expect(markdown).toContain(
      '&lt;/details&gt;&lt;img src=x onerror=alert(1)&gt; \\!\\[\\](https://tracker.example/b.png) &lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('writes the run result that parses back, with its summary and id', () => {
    const json = JSON.parse(jsonReport(run, { runId: '7' }));
    expect(RunResultSchema.parse(json)).toEqual(run);
    expect(json.runId).toBe('7');
    expect(json.summary.cases).toEqual({ passed: 1, total: 3 });
    expect(json.record).toBeUndefined();
  });

  it('writes the run record it is given beside the id, and the result still parses back', () => {
    const record = { kind: 'eval', promptHash: 'abc', epochs: 1, shard: { index: 2, count: 4 } };
    const text = jsonReport(run, { runId: '7', record });
    expect(Object.keys(JSON.parse(text)).slice(0, 3)).toEqual(['runId', 'record', 'summary']);
    expect(JSON.parse(text).record).toEqual(record);
    expect(RunResultSchema.parse(JSON.parse(text))).toEqual(run);
  });
});
