import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BackendEntry } from '../src/backends/backend-entry.ts';
import { BACKENDS, checkedBackendFlags, unusedBackendFlags } from '../src/backends/registry.ts';
import { parseCalibrateOptions } from '../src/options/calibrate-options.ts';
import { parseCompareOptions } from '../src/options/compare-options.ts';
import { parseEvalOptions } from '../src/options/eval-options.ts';
import { runCli, tempStore } from './run-cli.ts';

/** A backend like the shipped ones, declaring the flags given. */
function backend(name: string, flags: BackendEntry['flags'], options: z.ZodRawShape): BackendEntry {
  return {
    name,
    flags,
    options: z.object(options),
    defaults: { agent: 'm', agentLabel: 'm' },
    connect: () => Promise.reject(new Error('not connected in this test')),
  };
}

const retries = z.coerce.number().int().optional();

describe('backend flags', () => {
  it('keep one meaning: two backends declaring one flag differently fail at startup, naming both', () => {
    const a = backend('a', [{ key: 'maxRetries', flags: '--max-retries <n>', help: 'retries' }], {
      maxRetries: retries,
    });
    const differentHelp = backend('b', [{ key: 'maxRetries', flags: '--max-retries <n>', help: 'other' }], {
      maxRetries: retries,
    });
    expect(() => checkedBackendFlags([a, differentHelp])).toThrow(
      'backends a and b both declare --max-retries, differently: a flag has one meaning on every backend (declare it once and share it)',
    );
    const differentSchema = backend('b', a.flags, { maxRetries: z.string().optional() });
    expect(() => checkedBackendFlags([a, differentSchema])).toThrow('backends a and b both declare --max-retries');
    const otherArgument = backend('b', [{ key: 'maxRetries', flags: '--max-retries [n]', help: 'retries' }], {
      maxRetries: retries,
    });
    expect(() => checkedBackendFlags([a, otherArgument])).toThrow('backends a and b both declare --max-retries');
    // The same declaration shared (one object) is one flag: listed once, honoured by either backend.
    const shared = backend('b', a.flags, { maxRetries: retries });
    expect(checkedBackendFlags([a, shared]).map((flag) => flag.flags)).toEqual(['--max-retries <n>']);
  });

  it("refuse a flag whose schema is not under the flag's own key, or a key commander would not give", () => {
    const misnamed = backend('a', [{ key: 'retries', flags: '--max-retries <n>', help: 'retries' }], { retries });
    expect(() => checkedBackendFlags([misnamed])).toThrow(
      'backend a declares --max-retries under the key retries; commander gives it as maxRetries',
    );
    const noSchema = backend('a', [{ key: 'maxRetries', flags: '--max-retries <n>', help: 'retries' }], {});
    expect(() => checkedBackendFlags([noSchema])).toThrow('backend a declares --max-retries but no option maxRetries');
  });

  it('of the shipped backends pass the check', () => {
    expect(checkedBackendFlags(BACKENDS).length).toBe(BACKENDS.flatMap((entry) => entry.flags).length);
  });

  it("are refused in one line when no role runs on a backend that honours them (Ollama's too)", () => {
    const noOllama =
      '--ollama-host, --schedule, --num-ctx, --think, --judge-think, --max-tokens and --max-retries need --backend ollama or --judge-backend ollama';
    expect(() => parseEvalOptions({ domain: 'x', backend: 'bedrock', think: 'on' })).toThrow(noOllama);
    expect(() => parseEvalOptions({ domain: 'x', backend: 'openai', numCtx: '8192' })).toThrow(noOllama);
    expect(() => parseEvalOptions({ domain: 'x', backend: 'bedrock', schedule: 'phased' })).toThrow(noOllama);
    expect(() =>
      parseEvalOptions({ domain: 'x', backend: 'ollama', judgeBackend: 'bedrock', judgeThink: 'on' }),
    ).toThrow('--judge-think is for a judge on ollama, and no judge runs on ollama here');
    expect(() =>
      parseEvalOptions({ domain: 'x', backend: 'bedrock', judgeBackend: 'ollama', maxTokens: '512' }),
    ).toThrow('--max-tokens is for an agent on ollama, and no agent runs on ollama here');
    // Calibrate runs judges only: an agent's setting has nothing to set.
    expect(() => parseCalibrateOptions({ domain: 'x', think: 'on' })).toThrow(
      '--think is for an agent on ollama, and no agent runs on ollama here',
    );
    expect(() =>
      parseCompareOptions({ domain: 'x', variant: 'v2', backend: 'bedrock', ollamaHost: ['http://127.0.0.1:1'] }),
    ).toThrow(noOllama);
  });

  it('are taken where a role runs on their backend', () => {
    expect(
      parseEvalOptions({ domain: 'x', backend: 'bedrock', judgeBackend: 'ollama', judgeThink: 'off' }),
    ).toMatchObject({
      judgeThink: false,
    });
    expect(parseEvalOptions({ domain: 'x', backend: 'ollama', judgeBackend: 'bedrock', think: 'high' })).toMatchObject({
      think: 'high',
    });
    expect(
      parseCompareOptions({ domain: 'x', variant: 'v2', variantBackend: 'bedrock', think: 'on', schedule: 'phased' }),
    ).toMatchObject({ think: true, schedule: 'phased' });
    expect(parseCalibrateOptions({ domain: 'x', judgeThink: 'low' })).toMatchObject({ judgeThink: 'low' });
    expect(unusedBackendFlags({ think: true }, { agents: ['ollama'], judges: ['bedrock'] })).toBeUndefined();
  });

  it('refused on the command line exit 2 with that one line, before any pack loads or model is called', async () => {
    const result = await runCli([
      'eval',
      '--domain',
      'code-review',
      '--backend',
      'bedrock',
      '--think',
      'on',
      '--offline',
      '--store',
      tempStore(),
    ]);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'evalpacks: --ollama-host, --schedule, --num-ctx, --think, --judge-think, --max-tokens and --max-retries need --backend ollama or --judge-backend ollama\n',
    );
    expect(result.code).toBe(2);
  });
});
