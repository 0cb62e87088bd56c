import type { CaseChange, ComparisonDocument } from '../compare/comparison-schema.ts';
import { CORRECTED_KIND_NAMES } from '../compare/corrected-difference.ts';
import { formatP } from './compare-console.ts';
import {
  correctedDifferenceHeading,
  correctedDifferenceRows,
  differenceWords,
  gatedVerdictWords,
  labelsOf,
  leftOutWords,
} from './corrected-difference-rows.ts';
import { points } from './format-rate.ts';
import { visible } from './visible.ts';
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
 * The judge-corrected differences as suite properties, one per figure so CI can read each without parsing a
 * line: per kind the raw difference, the corrected one or the reason there is none, the labels behind it and
 * the replicates left out; then why labels were resampled apart, and the corrected verdict. Under --gate
 * corrected, the gate and what the raw figures said. All from the comparison's figures, nothing recomputed.
 */
function correctedProperties(doc: ComparisonDocument): Record<string, string> {
  const properties: Record<string, string> = {};
  const corrected = doc.corrected;
  if (corrected) {
    const shared = corrected.labelResampling === 'shared';
    properties['judge-corrected-method'] = correctedDifferenceHeading(corrected);
    for (const kind of ['findings', 'absent'] as const) {
      const figures = corrected[kind];
      if (!figures) continue;
      const name = `judge-corrected-${CORRECTED_KIND_NAMES[kind].replace(/ /g, '-')}`;
      properties[`${name}-raw`] = differenceWords(figures.raw, corrected.level);
      if (figures.status === 'corrected') {
        properties[name] = differenceWords(figures.corrected, corrected.level);
      } else {
        properties[`${name}-not-corrected`] = visible(figures.reason);
      }
      properties[`${name}-labels`] = labelsOf(figures, shared);
      if (figures.status === 'corrected') {
        properties[`${name}-left-out`] = leftOutWords(figures.undefinedReplicates, corrected.replicates);
      }
    }
    if (corrected.note) properties['judge-corrected-labels-note'] = visible(corrected.note);
    properties['judge-corrected-verdict'] = `${corrected.verdict}: ${visible(corrected.verdictReason)}`;
  }
  if (doc.gate) {
    properties.gate = doc.gate.on;
    properties['raw-verdict'] = doc.gate.rawVerdict;
    properties['gate-reason'] = visible(doc.gate.reason);
  }
  return properties;
}

/** The suite's system-out: the verdict as the console gives it, after the judge-corrected block when there is one. */
function systemOut(doc: ComparisonDocument): string {
  const gated = gatedVerdictWords(doc);
  const lines = doc.corrected
    ? [
        correctedDifferenceHeading(doc.corrected),
        ...correctedDifferenceRows(doc.corrected).map(([label, value]) => `  ${label.padEnd(18)}${value}`),
        '',
      ]
    : [];
  lines.push(`verdict ${doc.verdict}${gated ? ` ${gated}` : ''}`);
  return lines.join('\n');
}

/**
 * The comparison as JUnit XML (the Ant/Jenkins schema the run's junit.xml follows): one testsuite, one
 * testcase per case, a failure for every case with an item that regressed, an error for a case an agent or
 * judge error left open. The verdict, the difference, the tests and the judge-corrected differences are the
 * suite's properties.
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
    ...correctedProperties(doc),
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
    `    <system-out>${xmlText(systemOut(doc))}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
