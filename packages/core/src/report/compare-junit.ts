import type { CaseChange, ComparisonDocument } from '../compare/comparison-schema.ts';
import { formatP } from './compare-console.ts';
import { points } from './format-rate.ts';
import { attrs, xmlText } from './xml.ts';

export interface CompareJunitOptions {
  hostname?: string;
}

/** What changed in a case, a line an item: "no longer caught: SQL injection (1/1 -> 0/1)". */
function changeLines(c: CaseChange): string[] {
  return [
    ...c.changes.map(
      (x) =>
        `${x.words}: ${x.label} (${x.baseline.passed}/${x.baseline.graded} -> ${x.variant.passed}/${x.variant.graded})`,
    ),
    ...c.errors.baseline.map((line) => `baseline error: ${line}`),
    ...c.errors.variant.map((line) => `variant error: ${line}`),
  ];
}

function testcase(c: CaseChange, classname: string): string {
  const name = c.outcome === 'unchanged' ? c.caseId : `${c.caseId} [${c.outcome}]`;
  const head = `    <testcase${attrs({ name, classname, time: '0.000' })}`;
  const lost = c.changes.filter((x) => x.change === 'lost');
  // A regression is the variant failing what the baseline passed; an error is the harness failing to tell.
  if (lost.length > 0) {
    const message = `${lost.length} item${lost.length === 1 ? '' : 's'} regressed: ${lost.map((x) => `${x.words} ${x.label}`).join(', ')}`;
    return `${head}>\n      <failure${attrs({ message, type: 'regression' })}>${xmlText(changeLines(c).join('\n'))}</failure>\n    </testcase>`;
  }
  if (c.outcome === 'errors') {
    const message = c.errors.variant[0] ?? c.errors.baseline[0] ?? 'error';
    return `${head}>\n      <error${attrs({ message, type: 'agent-or-judge-error' })}>${xmlText(changeLines(c).join('\n'))}</error>\n    </testcase>`;
  }
  return `${head}/>`;
}

/**
 * The comparison as JUnit XML (the Ant/Jenkins schema the run's junit.xml follows): one testsuite, one
 * testcase per case, a failure for every case with an item that regressed, an error for a case an agent or
 * judge error left open. The verdict, the difference and the tests are the suite's properties.
 */
export function compareJunit(doc: ComparisonDocument, options: CompareJunitOptions = {}): string {
  const classname = `${doc.pack}.compare`;
  const testcases = doc.cases.map((c) => testcase(c, classname));
  const failures = doc.cases.filter((c) => c.changes.some((x) => x.change === 'lost')).length;
  const errors = doc.cases.filter((c) => c.outcome === 'errors').length;
  const counts = { tests: doc.cases.length, failures, errors, time: '0.000' };
  const d = doc.difference;
  const properties: Record<string, string> = {
    pack: doc.pack,
    baseline: `${doc.baseline.run.label} (run ${doc.baseline.run.id})`,
    variant: `${doc.variant.run.label} (run ${doc.variant.run.id})`,
    verdict: doc.verdict,
    difference:
      d.lower !== null && d.upper !== null
        ? `${points(d.mean)} points (95% CI ${points(d.lower)} to ${points(d.upper)})`
        : `${points(d.mean)} points (no interval from a single case)`,
    'permutation-p': formatP(doc.permutation.pValue),
    'mcnemar-p': formatP(doc.mcnemar.pValue),
    'exit-code': String(doc.exitCode),
  };
  const suite = attrs({
    name: `${doc.pack} ${doc.baseline.run.label} vs ${doc.variant.run.label}`,
    package: `evalpacks.${doc.pack}`,
    id: 0,
    timestamp: doc.variant.run.startedAt.slice(0, 19),
    hostname: options.hostname ?? 'localhost',
    ...counts,
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: `evalpacks compare ${doc.pack}`, ...counts })}>`,
    `  <testsuite${suite}>`,
    '    <properties>',
    ...Object.entries(properties).map(([name, value]) => `      <property${attrs({ name, value })}/>`),
    '    </properties>',
    ...testcases,
    `    <system-out>${xmlText(`verdict ${doc.verdict}`)}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
