import { type EngineEvent, evaluate } from '@evalpacks/cli';
import { expect, it } from 'vitest';

// The model server: your Ollama (OLLAMA_HOST, else this machine's). A pack of your own: `pack: './my-pack'`.
const ollamaHost = process.env.OLLAMA_HOST ?? 'http://127.0.0.1:11434';

it('the code-review prompt still catches every finding', { timeout: 30 * 60_000 }, async () => {
  const failed: string[] = [];
  const run = await evaluate({
    domain: 'code-review',
    ollamaHost,
    // Each result as it is saved: keep why a case did not pass, for the failure message below.
    onEvent: (event: EngineEvent) => {
      if (event.type === 'case-done' && event.status !== 'passed') {
        failed.push(`${event.caseId}: ${event.result.reasons.join('; ')}`);
      }
    },
  });
  // A regression fails the test, naming each case and why; the run stays in the store (pnpm ui shows it).
  expect(failed, `run ${run.runId} in ${run.storePath}`).toEqual([]);
  expect(run.exitCode).toBe(0);
});
