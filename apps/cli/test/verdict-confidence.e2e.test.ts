import { describe, expect, it } from 'vitest';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { JUDGE_TOKENS, VERDICTS } from './judge-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf } from './run-cli.ts';

describe('verdict confidence from the Ollama stand-in log-probabilities', () => {
  const standIn = useOllamaStandIn();

  it('marks the verdict whose decision token was unlikely and counts it in the summary', async () => {
    scriptAgent(standIn);
    // The judge catches ssn-exposure, but gives its "true" 55%: every other token of every answer is near certain.
    standIn.script({
      match: { hasFormat: true, contains: 'id="ssn-exposure"' },
      reply: {
        content: JSON.stringify(VERDICTS.caught),
        promptTokens: JUDGE_TOKENS.input,
        outputTokens: JUDGE_TOKENS.output,
        tokenProbabilities: { true: 0.55 },
      },
    });
    scriptJudge(standIn, missedFinding);
    const result = await runCli(codeReviewArgs(standIn.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('    CAUGHT ssn-exposure (critical) [low confidence 55.0%]\n');
    expect(result.stdout.match(/low confidence \d/g)).toHaveLength(1);
    expect(summaryOf(result.stdout)).toContain(
      '  judge errors    0\n  low confidence  1 of 12 verdicts (decision token below 80.0%)\n',
    );
    for (const call of standIn.chatCalls({ hasFormat: true })) expect(call.body.logprobs).toBe(true);
  });

  it('--low-confidence sets the threshold: at 0.5 the 55% verdict is neither marked nor counted', async () => {
    scriptAgent(standIn);
    standIn.script({
      match: { hasFormat: true, contains: 'id="ssn-exposure"' },
      reply: { content: JSON.stringify(VERDICTS.caught), tokenProbabilities: { true: 0.55 } },
    });
    scriptJudge(standIn, missedFinding);
    const result = await runCli(codeReviewArgs(standIn.url, '--low-confidence', '0.5'));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('    CAUGHT ssn-exposure (critical)\n');
    expect(result.stdout).not.toContain('low confidence');
    const bad = await runCli(codeReviewArgs(standIn.url, '--low-confidence', '80%'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--low-confidence must be a probability such as 0.8');
  });
});
