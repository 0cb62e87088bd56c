import type { Case } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { checks } from '../src/checks.ts';
import { caseWith, cleanCase, runCheck, sampleReview } from './support.ts';

const good = sampleReview('basic-vulnerabilities');
const clean = sampleReview('false-positive-bait');

const table = (rows: string[], header = '| # | Finding | Severity | Location |') =>
  [header, header.replace(/[^|]+/g, '---'), ...rows].join('\n');

describe('code review checks', () => {
  it('are the seven structural checks, each tagged with the RISEN part it enforces', () => {
    expect(checks.map((check) => [check.id, check.part])).toEqual([
      ['summary-table', 'expectation'],
      ['severity-levels', 'expectation'],
      ['code-fixes', 'expectation'],
      ['no-full-rewrite', 'narrowing'],
      ['summary-count', 'expectation'],
      ['stays-in-scope', 'narrowing'],
      ['no-invented-findings', 'narrowing'],
    ]);
  });
});

describe('summary-table', () => {
  it('passes a table with Finding and Severity columns and counts its rows', () => {
    expect(runCheck('summary-table', good)).toEqual({
      passed: true,
      detail: 'found a summary table with columns "#, Finding, Severity, Location" and 5 rows',
    });
  });

  it('passes the empty table of a clean review', () => {
    expect(runCheck('summary-table', clean, cleanCase()).detail).toBe(
      'found a summary table with columns "#, Finding, Severity, Location" and 0 rows',
    );
  });

  it.each([
    ['findings as a bullet list', '- SSN exposure (critical)\n- No validation (high)'],
    ['a table about something else', table(['| ssn | string |'], '| Field | Type |')],
    ['a table quoted inside a code block', `\`\`\`md\n${table(['| 1 | SSN | critical | body |'])}\n\`\`\``],
  ])('fails %s', (_, answer) => {
    expect(runCheck('summary-table', answer)).toEqual({
      passed: false,
      detail: 'no markdown table with a Severity or Finding column',
    });
  });
});

describe('severity-levels', () => {
  it('passes a review that uses several levels', () => {
    expect(runCheck('severity-levels', good)).toEqual({
      passed: true,
      detail: 'used 4 severity levels (critical, high, medium, low); needed 2',
    });
  });

  it('fails a review that rates every finding alike', () => {
    const answer = table(['| 1 | SSN in response | high | body |', '| 2 | Scan | High | scan |']);
    expect(runCheck('severity-levels', answer)).toEqual({
      passed: false,
      detail: 'used 1 severity level (high); needed 2',
    });
  });

  it('does not take severity words in prose or in the Total line for ratings', () => {
    const answer = 'Latency is high and the risk is low.\n\n**Total: 1 critical, 1 high, 0 medium, 0 low**';
    expect(runCheck('severity-levels', answer)).toEqual({ passed: false, detail: 'used 0 severity levels; needed 2' });
  });

  it('reads `Severity:` labels in finding sections as well as the table', () => {
    const answer = '### 1. SSN\n**Severity:** Critical\n\n### 2. Scan\nSeverity: medium';
    expect(runCheck('severity-levels', answer).detail).toBe('used 2 severity levels (critical, medium); needed 2');
  });

  it('reads severities written as inline code', () => {
    const answer = table(['| 1 | SSN in response | `critical` | body |', '| 2 | Scan | `medium` | scan |']);
    expect(runCheck('severity-levels', answer).detail).toBe('used 2 severity levels (critical, medium); needed 2');
  });

  it('asks for one level when every expected finding shares it', () => {
    const sameLevel = caseWith({
      expectedFindings: [{ id: 'scan', description: 'Scans the table', severity: 'medium', keywords: [] }],
    });
    expect(runCheck('severity-levels', table(['| 1 | Scan | medium | scan |']), sameLevel)).toEqual({
      passed: true,
      detail: 'used 1 severity level (medium); needed 1',
    });
  });

  it('asks for nothing from a clean review of clean code', () => {
    expect(runCheck('severity-levels', clean, cleanCase())).toEqual({
      passed: true,
      detail: 'used 0 severity levels; needed 0',
    });
  });

  it('still asks a review of clean code to rate the findings it reports', () => {
    const answer = table(['| 1 | Hardcoded TEST_API_KEY |'], '| # | Finding |');
    expect(runCheck('severity-levels', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'used 0 severity levels; needed 1',
    });
  });
});

describe('code-fixes', () => {
  const pythonCase = caseWith({
    input: 'import json\n\ndef handler(event, context):\n    return {"statusCode": 200}\n',
  });
  const fences = (...langs: string[]) => langs.map((lang) => `\`\`\`${lang}\nfix()\n\`\`\``).join('\n\n');

  it('passes a review with fix blocks', () => {
    expect(runCheck('code-fixes', good)).toEqual({ passed: true, detail: 'found 10 ts code blocks; needed 1' });
  });

  it('fails a review of vulnerable code that shows no code', () => {
    const answer = table(['| 1 | SSN in response | critical | body |']);
    expect(runCheck('code-fixes', answer)).toEqual({ passed: false, detail: 'found 0 ts code blocks; needed 1' });
  });

  it('counts blocks nested under list items', () => {
    const answer = '1. SSN in response\n   - Fix:\n     ```ts\n     delete body.ssn;\n     ```';
    expect(runCheck('code-fixes', answer).detail).toBe('found 1 ts code block; needed 1');
  });

  it('counts a block left open at the end of a truncated answer', () => {
    expect(runCheck('code-fixes', 'Fix:\n```ts\nconst ddb = client();').detail).toBe('found 1 ts code block; needed 1');
  });

  it('fails a review of a TypeScript handler whose fixes are Python or unlabelled', () => {
    expect(runCheck('code-fixes', fences('python', ''))).toEqual({
      passed: false,
      detail: 'found 0 ts code blocks (and 2 blocks in another language or unlabelled); needed 1',
    });
  });

  it('takes `typescript` for `ts`, in any case', () => {
    expect(runCheck('code-fixes', fences('TypeScript', 'TS')).detail).toBe('found 2 ts code blocks; needed 1');
  });

  it('asks a review of a Python handler for python blocks', () => {
    expect(runCheck('code-fixes', fences('python', 'py', 'ts'), pythonCase)).toEqual({
      passed: true,
      detail: 'found 2 python code blocks (and 1 block in another language or unlabelled); needed 1',
    });
    expect(runCheck('code-fixes', fences('ts'), pythonCase)).toEqual({
      passed: false,
      detail: 'found 0 python code blocks (and 1 block in another language or unlabelled); needed 1',
    });
  });

  it('follows the language a case file tags over what its input looks like', () => {
    const tagged = { ...caseWith({ input: 'x = 1' }), tags: ['python'] } as Case;
    expect(runCheck('code-fixes', fences('python'), tagged).detail).toBe('found 1 python code block; needed 1');
  });

  it('asks for no code from a clean review of clean code', () => {
    expect(runCheck('code-fixes', clean, cleanCase())).toEqual({
      passed: true,
      detail: 'found 0 ts code blocks; needed 0',
    });
  });

  it('still asks for a fix when a review of clean code reports a finding', () => {
    const answer = table(['| 1 | Hardcoded TEST_API_KEY | high | test file |']);
    expect(runCheck('code-fixes', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'found 0 ts code blocks; needed 1',
    });
  });
});

describe('summary-count', () => {
  it('passes the Total line at the end and reads back its counts', () => {
    expect(runCheck('summary-count', good)).toEqual({
      passed: true,
      detail: 'found summary count "1 critical, 1 high, 2 medium, 1 low" on line 113 of 113',
    });
  });

  it('tolerates a missing bold, another case and a short sign-off after the count', () => {
    const answer = `${table(['| 1 | SSN | critical | body |'])}\n\ntotal: 1 Critical, 0 High, 0 Medium, 0 Low.\n\nHappy to look again.`;
    expect(runCheck('summary-count', answer)).toEqual({
      passed: true,
      detail: 'found summary count "1 critical, 0 high, 0 medium, 0 low" on line 5 of 7',
    });
  });

  it.each([
    ['no count at all', good.replace(/\*\*Total:.*\*\*/, 'That is all.')],
    ['a count without every level', '**Total: 1 critical, 1 high**'],
    ['a count in its own words', '**Total findings: 5 (1 critical, 1 high, 2 medium, 1 low)**'],
    ['levels out of order', '**Total: 1 low, 2 medium, 1 high, 1 critical**'],
  ])('fails %s', (_, answer) => {
    expect(runCheck('summary-count', answer)).toEqual({
      passed: false,
      detail: 'no "**Total: N critical, N high, N medium, N low**" line',
    });
  });

  it('fails a count that opens the review instead of closing it', () => {
    const answer = `**Total: 1 critical, 1 high, 2 medium, 1 low**\n\n${good.replace(/\*\*Total:.*\*\*/, '')}`;
    expect(runCheck('summary-count', answer)).toEqual({
      passed: false,
      detail: 'summary count "1 critical, 1 high, 2 medium, 1 low" is on line 1 of 113, not in the last 10',
    });
  });
});
