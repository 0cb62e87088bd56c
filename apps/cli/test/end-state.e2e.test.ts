import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Case, loadPackCases, type Pack, referenceAnswerProblems } from '@evalpacks/core';
import type { ChatRequest, Reply } from '@evalpacks/testkit';
import { describe, expect, it } from 'vitest';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli } from './run-cli.ts';

/** A pack whose environment is a counter, and whose one check compares the counter with the case. */
const COUNTER_PACK = fileURLToPath(new URL('data/counter-pack', import.meta.url));

/** A model that adds the number it is asked for once, then claims it added it twice. */
function boastingModel(req: ChatRequest): Reply {
  const tokens = { promptTokens: 50, outputTokens: 10 };
  const asked = Number(/Add (\d+)/.exec(req.messages?.find((m) => m.role === 'user')?.content ?? '')?.[1]);
  if (!req.messages?.some((m) => m.role === 'tool')) {
    return { toolCalls: [{ name: 'add', arguments: { by: asked } }], ...tokens };
  }
  return { content: `Added ${asked} twice; the counter is at ${2 * asked}.`, ...tokens };
}

/** Each case's end state as results.json holds it (written from the store, so it went through it). */
function endStates(out: string): Record<string, unknown> {
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
    cases: { case: { id: string }; transcript: { endState?: unknown } }[];
  };
  return Object.fromEntries(results.cases.map((result) => [result.case.id, result.transcript.endState]));
}

describe("a pack's environment and its end state", () => {
  const standIn = useOllamaStandIn({ models: ['qwen3.5:4b'] });

  it('checks what the tools did, not what the agent says, and stores the end state with the transcript', async () => {
    standIn.script({ match: { hasFormat: false }, reply: boastingModel });
    const out = mkdtempSync(join(tmpdir(), 'evalpacks-end-state-'));
    const args = ['eval', '--pack', COUNTER_PACK, '--structural-only', '--reporter', 'console,json', '--out', out];
    const result = await runCli([...args, '--ollama-host', standIn.url]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('answer   Added 3 twice; the counter is at 6.');
    expect(result.stdout).toContain(
      'FAIL The counter ends where the case says [steps] — expected {"count":6}, the counter ends at {"count":3}',
    );
    expect(result.stdout).toContain(
      'PASS The counter ends where the case says [steps] — the counter ends at {"count":3}',
    );
    expect(endStates(out)).toEqual({ 'add-three': { count: 3 }, 'add-three-twice': { count: 3 } });
  });

  it("offline, computes a reference trajectory's end state by replaying its calls, the same as a live run's", async () => {
    const out = mkdtempSync(join(tmpdir(), 'evalpacks-end-state-'));
    const result = await runCli([
      'eval',
      '--pack',
      COUNTER_PACK,
      '--offline',
      '--reporter',
      'console,json',
      '--out',
      out,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // add-three's reference makes the one call the live agent made: the same end state as above.
    expect(endStates(out)).toEqual({ 'add-three': { count: 3 }, 'add-three-twice': { count: 6 } });
  });

  it("passes every reference trajectory through the pack's end-state check, end state computed", async () => {
    const pack = ((await import(join(COUNTER_PACK, 'src', 'index.ts'))) as { default: Pack }).default;
    expect(await referenceAnswerProblems(pack)).toEqual([]);
    const [first] = await loadPackCases(pack);
    const wrong = { ...(first as Case), expectedEndState: { count: 4 } };
    expect(await referenceAnswerProblems(pack, [wrong])).toEqual([
      {
        caseId: 'add-three',
        file: join(COUNTER_PACK, 'fixtures', 'add-three.json'),
        message:
          'fails check "end-state" (The counter ends where the case says): expected {"count":4}, the counter ends at {"count":3}',
      },
    ]);
  });
});
