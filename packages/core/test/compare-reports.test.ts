import { describe, expect, it } from 'vitest';
import { compareRuns } from '../src/compare/compare-runs.ts';
import { type ComparisonDocument, ComparisonSchema } from '../src/compare/comparison-schema.ts';
import type { CaseTally, ItemTally } from '../src/grade/grade-schema.ts';
import { comparisonDocument } from '../src/report/compare-document.ts';
import { compareJunit } from '../src/report/compare-junit.ts';
import { COMMENT_LIMIT, compareMarkdown } from '../src/report/compare-markdown.ts';

const HOSTILE = '</details><img src=x onerror=alert(1)> ![](https://beacon.example/x.png) | pipe';

function item(id: string, label: string, passed: boolean): ItemTally {
  return {
    key: `finding:${id}`,
    kind: 'finding',
    id,
    label,
    passed: passed ? 1 : 0,
    failed: passed ? 0 : 1,
    errors: 0,
    skipped: 0,
    graded: 1,
    verdict: passed ? 'passed' : 'failed',
    flaky: false,
  };
}

/** `cases` cases of `items` findings each, every finding caught when `caught` says so. */
function tallies(
  cases: number,
  items: number,
  caught: (c: number, i: number) => boolean,
  label = (i: number) => `finding ${i}`,
): CaseTally[] {
  return Array.from({ length: cases }, (_, c) => ({
    case: { id: `case-${c}`, name: `Case ${c}` },
    policy: 'majority' as const,
    epochs: 1,
    items: Array.from({ length: items }, (_, i) => item(`f${i}`, label(i), caught(c, i))),
    status: 'passed' as const,
    notJudged: 0,
    errors: [],
  }));
}

const run = (id: number, variant: string) => ({
  id,
  variant,
  promptHash: `hash-${variant}`,
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  label: variant,
  startedAt: '2026-12-02T01:00:00.000Z',
});

function document(baseline: CaseTally[], variant: CaseTally[], names = ['baseline', 'v2']): ComparisonDocument {
  const comparison = compareRuns(baseline, variant);
  return comparisonDocument(comparison, {
    pack: 'code-review',
    split: 'all',
    epochs: 1,
    policy: 'majority',
    judge: { backend: 'ollama', model: 'judge:1b' },
    baseline: { run: run(1, names[0] as string), tallies: baseline },
    variant: { run: run(2, names[1] as string), tallies: variant },
    exitCode: 0,
  });
}

describe('the comparison document', () => {
  it('parses with the published schema after a trip through JSON, figures unchanged', () => {
    const doc = document(
      tallies(8, 3, () => false),
      tallies(8, 3, (c) => c < 6),
    );
    const back = ComparisonSchema.parse(JSON.parse(JSON.stringify(doc)));
    expect(back).toEqual(doc);
    expect(doc.verdict).toBe('better');
    expect(doc.detectable.difference).toBeGreaterThan(0);
    expect(doc.cases.map((c) => c.outcome)).toEqual([...Array(6).fill('improved'), 'unchanged', 'unchanged']);
    expect(doc.baseline.figures.recall).toMatchObject({ passed: 0, total: 24 });
    expect(doc.variant.figures.recall).toMatchObject({ passed: 18, total: 24 });
  });

  it('says nothing is detectable as null, which the schema reads back', () => {
    const doc = document(
      tallies(2, 1, () => false),
      tallies(2, 1, () => true),
    );
    expect(doc.detectable.difference).toBeNull();
    expect(ComparisonSchema.parse(JSON.parse(JSON.stringify(doc))).detectable.difference).toBeNull();
  });

  it('writes the interval one case cannot give as null, and every report says there is none', () => {
    const doc = document(
      tallies(1, 2, () => false),
      tallies(1, 2, () => true),
    );
    const back = ComparisonSchema.parse(JSON.parse(JSON.stringify(doc)));
    expect(back.difference).toMatchObject({ mean: 1, lower: null, upper: null, standardError: null, df: 0 });
    expect(compareMarkdown(back)).toContain('difference **+100.0 points** (no interval from a single case)');
    expect(compareJunit(back)).toContain('value="+100.0 points (no interval from a single case)"');
  });
});

describe('comparison.md', () => {
  it('cuts a 60-case compare with every case changed to under 65,536 characters, and says so', () => {
    const long = (i: number) => `${'an expected finding described at length '.repeat(8)}#${i}`;
    const doc = document(
      tallies(60, 12, () => false, long),
      tallies(60, 12, () => true, long),
    );
    expect(doc.cases.every((c) => c.outcome === 'improved')).toBe(true);
    const uncut = compareMarkdown(doc, { limit: Number.POSITIVE_INFINITY });
    expect(uncut.length).toBeGreaterThan(COMMENT_LIMIT);
    const md = compareMarkdown(doc);
    expect(md.length).toBeLessThan(COMMENT_LIMIT);
    expect(md.split('\n')[0]).toBe('<!-- evalpacks-compare pack=code-review base=baseline head=v2 -->');
    expect(md.split('\n')[3]).toMatch(/^\*\*Verdict: better\*\* · difference \*\*\+100\.0 points\*\* \(95% CI /);
    // Every row fits; the details are cut from the end, and the line names how many and where the rest is.
    expect(md).toContain('| 🟢 | case-59 |');
    const cut = md.match(
      /> ✂️ \*\*Cut to fit a comment:\*\* (\d+) of 60 case details left out \((\d+) characters\)\. The whole comparison is in comparison.html and comparison.json beside this file\.\n$/,
    );
    expect(cut).not.toBeNull();
    const left = Number(cut?.[1]);
    expect(md.match(/<details>/g)).toHaveLength(60 - left);
    expect(md).toContain(`<summary>🟢 case-${59 - left}: Case ${59 - left}</summary>`);
    expect(md).not.toContain(`<summary>🟢 case-${60 - left}:`);
  });

  it('leaves a comment that fits whole as it is, with no cut line', () => {
    const doc = document(
      tallies(3, 2, () => false),
      tallies(3, 2, (c) => c === 0),
    );
    const md = compareMarkdown(doc);
    expect(md).not.toContain('Cut to fit');
    expect(md).toContain('### Cases that changed (1 of 3)');
    expect(md).toContain('- now caught: finding 0 (0/1 → 1/1)');
  });

  it('escapes model text as the run report does, and keeps the marker a comment whatever the names', () => {
    const doc = document(
      tallies(
        2,
        1,
        () => true,
        () => HOSTILE,
      ),
      tallies(
        2,
        1,
        () => false,
        () => HOSTILE,
      ),
      ['base --> <script>', 'v2'],
    );
    const md = compareMarkdown(doc);
    expect(md.split('\n')[0]).toBe('<!-- evalpacks-compare pack=code-review base=base_-___script_ head=v2 -->');
    expect(md.match(/-->/g)).toHaveLength(1);
    expect(md).not.toContain('<img');
    expect(md).not.toContain('<script');
    // Only escaped: a `]` followed by a link target is a link only when no backslash comes before it.
    expect(md).not.toMatch(/[^\\]\]\(https:/);
    expect(md).toContain(
      '- no longer caught: &lt;/details&gt;&lt;img src=x onerror=alert(1)&gt; \\!\\[\\](https://beacon.example/x.png) \\| pipe (1/1 → 0/1)',
    );
    expect(md.match(/<\/details>/g)).toHaveLength(2);
  });
});

describe('comparison.xml', () => {
  it('holds a testcase per case and a failure for each case that regressed', () => {
    const doc = document(
      tallies(
        3,
        1,
        () => true,
        () => HOSTILE,
      ),
      tallies(
        3,
        1,
        (c) => c !== 1,
        () => HOSTILE,
      ),
    );
    const xml = compareJunit(doc);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain(
      '<testsuites name="evalpacks compare code-review" tests="3" failures="1" errors="0" time="0.000">',
    );
    expect(xml).toContain('<testcase name="case-1 [regressed]" classname="code-review.compare" time="0.000">');
    expect(xml).toContain('<failure message="1 item regressed: no longer caught &lt;/details&gt;&lt;img');
    expect(xml).not.toContain('<img');
  });
});
