import { brief } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { contentCases, scriptContentAgent } from './content-review-script.ts';
import { scriptJudge } from './judge-script.ts';
import { judgedEvalArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf } from './run-cli.ts';

const missed = 'unclear-audience';
const missedDescription = contentCases
  .find((c) => c.id === 'factual-error')
  ?.expectedFindings.find((f) => f.id === missed)?.description;

describe('pnpm eval --domain content-review against the Ollama stand-in', () => {
  const standIn = useOllamaStandIn();

  it('evaluates the three drafts with checks and judge, prints the exact summary and exits 1 on the miss', async () => {
    scriptContentAgent(standIn);
    scriptJudge(standIn, missed, 'The review never says who the post is for.');
    const result = await runCli(judgedEvalArgs('content-review', standIn.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           2/3 passed (66.7%, 95% CI 20.8–93.9%)',
        '  structural      15/15 checks passed (95% CI 79.6–100.0%)',
        '  findings        6/7 caught (95% CI 45.5–97.7%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 3000 in / 1200 out, judge 1100 in / 220 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     14 made, 0 from the cache',
        '',
        'Suggestions',
        `  Steps       factual-error: missed "${missed}": add a step that looks for: ${brief(missedDescription ?? '')}`,
      ].join('\n'),
    );
    expect(result.stdout).toContain('evalpacks · content-review · variant baseline · 3 cases\n');
    expect(result.stdout).toContain(
      "PASS Section checklist for the draft's genre [expectation] — the checklist covers all 6 tutorial sections, 3 marked missing: Prerequisites, Troubleshooting, Conclusion",
    );
    expect(result.stdout).toContain('NOT FLAGGED the informal, first-person voice or the joke about the pager');
    // One agent call per draft; one judge call per expected finding (7) and per expectedAbsent item (4).
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(11);
    const judgeCall = standIn.chatCalls({ hasFormat: true, contains: 'id="missing-import"' })[0];
    expect(judgeCall?.body.messages?.[0]?.content).toContain('You evaluate a content review.');
  });

  it('sends the v2 prompt as the system prompt with --variant v2', async () => {
    scriptContentAgent(standIn);
    const result = await runCli([
      'eval',
      '--domain',
      'content-review',
      '--variant',
      'v2',
      '--ollama-host',
      standIn.url,
      '--structural-only',
    ]);
    expect(result.code).toBe(0);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           3/3 passed (100.0%, 95% CI 43.9–100.0%)',
        '  structural      15/15 checks passed (95% CI 79.6–100.0%)',
        '  tokens          agent 3000 in / 1200 out, judge 0 in / 0 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     3 made, 0 from the cache',
      ].join('\n'),
    );
    for (const call of standIn.chatCalls({ hasFormat: false })) {
      expect(call.body.messages?.[0]).toMatchObject({ role: 'system' });
      expect(call.body.messages?.[0]?.content).toContain('For every shell command, list its flags and options');
    }
  });
});
