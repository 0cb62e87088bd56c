import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CalibrateOptionsSchema } from '../src/options/calibrate-options.ts';
import { CLI_COMMANDS, commandFlags, RESUMED_FLAGS } from '../src/options/cli-commands.ts';
import { CompareOptionsSchema } from '../src/options/compare-options.ts';
import { EvalOptionsSchema } from '../src/options/eval-options.ts';
import { defineFlags, flagsOf, helpOf } from '../src/options/flag-table.ts';
import { SHARED_FLAGS } from '../src/options/shared-flags.ts';

describe('the flag tables', () => {
  it('keep the flags --resume reused before they were tables', () => {
    expect([...RESUMED_FLAGS].sort()).toEqual(
      [
        ...['domain', 'pack', 'variant', 'prompt', 'testCase', 'split', 'model', 'judgeModel', 'structuralOnly'],
        ...['skipStructural', 'judgeAlways', 'maxTurns', 'repeat', 'policy', 'judgeStyle', 'offline', 'backend'],
        ...['judgeBackend', 'ollamaHost', 'schedule', 'numCtx', 'think', 'judgeThink', 'maxTokens', 'maxRetries'],
        ...['baseUrl', 'region', 'profile', 'bedrockEndpoint', 'maxCost', 'timeout', 'concurrency', 'shard'],
        ...['userModel', 'userBackend'],
      ].sort(),
    );
  });

  it('are the engine options: each command schema reads exactly its flags, by their camelCase names', () => {
    const keys = (name: 'eval' | 'compare' | 'calibrate') =>
      commandFlags(name)
        .filter(([, spec]) => spec.engine !== false)
        .map(([key]) => key)
        .sort();
    expect(Object.keys(EvalOptionsSchema.in.shape).sort()).toEqual(keys('eval'));
    expect(Object.keys(CompareOptionsSchema.in.shape).sort()).toEqual(keys('compare'));
    expect(Object.keys(CalibrateOptionsSchema.shape).sort()).toEqual(keys('calibrate'));
  });

  it('state a default once, in the schema, and help says it', () => {
    expect(helpOf(SHARED_FLAGS.concurrency, 'eval')).toBe('model calls in flight at once (default 4)');
    expect(helpOf(SHARED_FLAGS.concurrency, 'calibrate')).toBe('judge calls in flight at once (default 4)');
    expect(helpOf(SHARED_FLAGS.reporter, 'eval')).toContain('(default console)');
    expect(helpOf(SHARED_FLAGS.ci, 'merge')).toBe('plain output for CI logs');
  });

  it('refuse a key that is not the flag in camelCase, and a flag a command would take twice', () => {
    expect(() =>
      defineFlags({ store: { flags: '--store-path <p>', help: 'h', schema: z.string(), commands: ['eval'] } }),
    ).toThrow('flag --store-path is declared under store; commander gives it as storePath');
    const again = defineFlags({ model: { flags: '--model <m>', help: 'h', schema: z.string(), commands: ['eval'] } });
    expect(() => flagsOf('eval', [SHARED_FLAGS, again])).toThrow(
      'eval: --model is declared twice; a flag has one entry',
    );
  });

  it('give every command its flags once each', () => {
    for (const { name } of CLI_COMMANDS) {
      const longNames = commandFlags(name).map(([, spec]) => spec.flags.split(' ')[0]);
      expect(new Set(longNames).size, name).toBe(longNames.length);
    }
    expect(commandFlags('history').map(([key]) => key)).toEqual(['domain', 'store']);
  });
});
