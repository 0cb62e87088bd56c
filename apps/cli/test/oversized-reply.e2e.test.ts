import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cases, codeReviewArgs, sample, scriptJudge } from './code-review-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli } from './run-cli.ts';

const MiB = 1024 * 1024;

describe('a model server that answers 64 MiB', () => {
  const standIn = useOllamaStandIn();

  it('costs its case only: cut at 16 MiB, the case is an agent error naming the size, the run goes on', async () => {
    const [huge, ...rest] = cases;
    if (!huge) throw new Error('the code-review pack has no cases');
    standIn.script({
      match: { hasFormat: false, contains: huge.input },
      reply: { oversized: { bytes: 64 * MiB, declareLength: false } },
    });
    for (const testCase of rest) {
      standIn.script({
        match: { hasFormat: false, contains: testCase.input },
        reply: { content: sample(testCase.id) },
      });
    }
    scriptJudge(standIn, 'none');
    const out = mkdtempSync(join(tmpdir(), 'evalpacks-oversized-'));
    const result = await runCli(codeReviewArgs(standIn.url, '--reporter', 'console,json', '--out', out));
    const reason =
      "the model server's reply was cut at 16 MiB, the most evalpacks reads of one reply: it is more than that";
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`  agent error ${reason}\n`);
    expect(result.stdout).toMatch(/^ {2}agent errors +1$/m);
    const report = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const stored = report.cases.find((c: { case: { id: string } }) => c.case.id === huge.id);
    expect(stored).toMatchObject({ status: 'error', transcript: { error: reason } });
    // Reading stopped at the cap: the stand-in made what the sockets held past it, not the 64 MiB.
    const made = standIn.chatCalls().reduce((sum, call) => sum + (call.bytesPulled ?? 0), 0);
    expect(made).toBeGreaterThan(16 * MiB);
    expect(made).toBeLessThan(32 * MiB);
  }, 60_000);
});
