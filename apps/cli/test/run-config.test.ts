import { describe, expect, it } from 'vitest';
import { configDifferences, RunConfigSchema } from '../src/persistence/run-config.ts';

const run = (config: Record<string, unknown> = {}, judged = true) => ({
  pack: 'code-review',
  variant: 'baseline',
  promptHash: 'p',
  epochs: 1,
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  ...(judged && { judge: { backend: 'ollama', model: 'judge:1b' } }),
  offline: false,
  config: {
    cases: { a: 'h' },
    structural: true,
    judgeAlways: false,
    maxTurns: 6,
    judgeStyle: 'structured',
    judgePrompt: 'risen-judge-v2',
    checks: '1111',
    shard: 'all',
    flags: {},
    ...config,
  },
});

describe('what --resume and merge compare of a run', () => {
  it('names a different judge prompt and different checks, in words', () => {
    expect(
      configDifferences(run(), run({ judgePrompt: 'risen-judge-v2+code-review/judge.md@abc', checks: '2222' })),
    ).toEqual([
      'judge prompt: risen-judge-v2 in the run, risen-judge-v2+code-review/judge.md@abc now',
      "pack checks (the code of the pack's checks differs in the run and now)",
    ]);
  });

  it('refuses a run recorded before they were kept, and ignores what a run did not use', () => {
    const older = run({ judgePrompt: undefined, checks: undefined });
    expect(configDifferences(older, run())).toEqual([
      'judge prompt: not recorded in the run, risen-judge-v2 now',
      'pack checks: not recorded in the run, recorded now',
    ]);
    // No judge: no judge prompt asked; no structural checks: none of the pack's ran.
    expect(configDifferences(run({ judgePrompt: 'x' }, false), run({ judgePrompt: 'y' }, false))).toEqual([]);
    const unchecked = (checks: string) => run({ structural: false, checks });
    expect(configDifferences(unchecked('1'), unchecked('2'))).toEqual([]);
  });

  it('names a different simulated user model, backend or prompt version, in one line each', () => {
    const user = (model: string, backend = 'ollama', prompt = 'risen-user-v1') =>
      run({ user: { backend, model, prompt } });
    expect(configDifferences(user('judge:1b'), user('llama3:8b'))).toEqual([
      'simulated user model: ollama judge:1b in the run, ollama llama3:8b now',
    ]);
    expect(configDifferences(user('m', 'ollama'), user('m', 'bedrock'))).toEqual([
      'simulated user model: ollama m in the run, bedrock m now',
    ]);
    expect(configDifferences(user('m'), user('m', 'ollama', 'risen-user-v2'))).toEqual([
      'simulated user prompt: risen-user-v1 in the run, risen-user-v2 now',
    ]);
    expect(configDifferences(run(), user('m'))).toEqual([
      'simulated user model: none in the run, ollama m now',
      'simulated user prompt: none in the run, risen-user-v1 now',
    ]);
    expect(configDifferences(user('m'), user('m'))).toEqual([]);
    expect(RunConfigSchema.parse(user('m').config).user).toEqual({
      backend: 'ollama',
      model: 'm',
      prompt: 'risen-user-v1',
    });
  });

  it('keeps of the flags only what is a run setting, each of its own type', () => {
    const parsed = RunConfigSchema.parse(
      run({ flags: { domain: 'code-review', out: '/elsewhere', reporter: ['json'], minPassRate: '0', repeat: 3 } })
        .config,
    );
    expect(parsed.flags).toEqual({ domain: 'code-review', repeat: 3 });
    expect(RunConfigSchema.safeParse(run({ flags: { policy: 'sometimes' } }).config).success).toBe(false);
    expect(RunConfigSchema.safeParse(run({ flags: null }).config).success).toBe(false);
  });
});
