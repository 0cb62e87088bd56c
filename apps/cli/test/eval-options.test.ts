import { describe, expect, it } from 'vitest';
import { parseEvalOptions } from '../src/options/eval-options.ts';

describe('parseEvalOptions', () => {
  it("reads Ollama's flags, and reads its own result again unchanged (connect parses them a second time)", () => {
    const raw = { domain: 'd', think: 'on', judgeThink: 'low', numCtx: '8192', maxTokens: '512', maxRetries: '0' };
    const once = parseEvalOptions(raw);
    expect(once).toMatchObject({ think: true, judgeThink: 'low', numCtx: 8192, maxTokens: 512, maxRetries: 0 });
    expect(parseEvalOptions(once)).toMatchObject({ think: true, judgeThink: 'low', numCtx: 8192 });
    expect(parseEvalOptions({ domain: 'd', think: 'off', numCtx: 'auto' })).toMatchObject({
      think: false,
      numCtx: 'auto',
    });
    expect(() => parseEvalOptions({ domain: 'd', think: 'maybe' })).toThrow(
      '--think must be on, off, low, medium or high',
    );
    expect(() => parseEvalOptions({ domain: 'd', numCtx: '100' })).toThrow('--num-ctx must be auto or a whole');
    expect(() => parseEvalOptions({ domain: 'd', numCtx: 'lots' })).toThrow(
      '--num-ctx must be auto or a whole number of tokens from 512 to 1048576',
    );
  });

  it('reads --min-pass-rate as typed (0.8, 80%), and as the number code passes (the engine API)', () => {
    expect(parseEvalOptions({ domain: 'd', minPassRate: '80%' }).minPassRate).toBe(0.8);
    expect(parseEvalOptions({ domain: 'd', minPassRate: '0.8' }).minPassRate).toBe(0.8);
    expect(parseEvalOptions({ domain: 'd', minPassRate: 0.8 }).minPassRate).toBe(0.8);
    expect(() => parseEvalOptions({ domain: 'd', minPassRate: 1.5 })).toThrow(
      '--min-pass-rate must be between 0 and 1 (or 0% and 100%)',
    );
  });

  it('reads --reporter as the command line collects it, and as one string from code', () => {
    expect(parseEvalOptions({ domain: 'd', reporter: ['json,junit', 'json'] }).reporter).toEqual(['json', 'junit']);
    expect(parseEvalOptions({ domain: 'd', reporter: 'console, markdown' }).reporter).toEqual(['console', 'markdown']);
    expect(() => parseEvalOptions({ domain: 'd', reporter: 'pdf' })).toThrow(
      'unknown --reporter "pdf" (known: console, json, junit, markdown, html)',
    );
  });

  it('fills the documented defaults', () => {
    expect(parseEvalOptions({ domain: 'code-review' })).toEqual({
      domain: 'code-review',
      backend: 'ollama',
      model: 'qwen3.5:4b',
      judgeStyle: 'structured',
      structuralOnly: false,
      skipStructural: false,
      judgeAlways: false,
      concurrency: 4,
      maxTurns: 6,
      timeout: 300,
      repeat: 1,
      ci: false,
      color: true,
      cache: true,
      offline: false,
      quiet: false,
      reporter: ['console'],
    });
  });

  it('reads numbers given as text and rejects bad ones with the flag name', () => {
    expect(parseEvalOptions({ domain: 'x', concurrency: '16' }).concurrency).toBe(16);
    expect(() => parseEvalOptions({ domain: 'x', concurrency: '0' })).toThrow('--concurrency must be at least 1');
    expect(() => parseEvalOptions({ domain: 'x', concurrency: 'many' })).toThrow('--concurrency must be a number');
    expect(() => parseEvalOptions({ domain: 'x', maxTurns: '2.5' })).toThrow('--max-turns must be a whole number');
  });

  it('reads --max-flaky over repeats and refuses it where nothing can flip', () => {
    expect(parseEvalOptions({ domain: 'x', repeat: '3', maxFlaky: '0' }).maxFlaky).toBe(0);
    expect(() => parseEvalOptions({ domain: 'x', repeat: '3', maxFlaky: '-1' })).toThrow(
      '--max-flaky must not be negative',
    );
    expect(() => parseEvalOptions({ domain: 'x', maxFlaky: '2' })).toThrow(
      '--max-flaky counts items that flipped between epochs; it needs --repeat 2 or more',
    );
    // A resumed or re-judged run takes its epochs from the stored run.
    expect(parseEvalOptions({ rejudge: '4', maxFlaky: '2' }).maxFlaky).toBe(2);
  });

  it('asks for a domain and refuses contradictory choices', () => {
    expect(() => parseEvalOptions({})).toThrow('missing --domain NAME (see --list) or --pack PATH');
    expect(() => parseEvalOptions({ domain: 'x', pack: './p' })).toThrow(
      'use either --domain NAME or --pack PATH, not both',
    );
    expect(() => parseEvalOptions({ domain: 'x', judgeStyle: 'likert' })).toThrow(
      '--judge-style must be one of: structured, yes-no',
    );
    expect(parseEvalOptions({ domain: 'x', judgeStyle: 'yes-no' }).judgeStyle).toBe('yes-no');
    expect(() => parseEvalOptions({ domain: 'x', variant: 'v2', prompt: 'p.md' })).toThrow(
      'use either --variant NAME or --prompt FILE, not both',
    );
  });

  it('picks the agent model by backend and checks the cloud flags', () => {
    expect(parseEvalOptions({ domain: 'x', backend: 'bedrock' }).model).toBe(
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    );
    expect(parseEvalOptions({ domain: 'x', backend: 'bedrock', model: 'm' }).model).toBe('m');
    expect(parseEvalOptions({ domain: 'x', judgeBackend: 'bedrock', maxCost: '0.5' })).toMatchObject({
      backend: 'ollama',
      judgeBackend: 'bedrock',
      model: 'qwen3.5:4b',
      maxCost: 0.5,
    });
    expect(() => parseEvalOptions({ domain: 'x', backend: 'vllm' })).toThrow(
      '--backend must be ollama, openai or bedrock',
    );
    expect(() => parseEvalOptions({ domain: 'x', judgeBackend: 'x' })).toThrow(
      '--judge-backend must be ollama, openai or bedrock',
    );
    expect(() => parseEvalOptions({ domain: 'x', baseUrl: 'http://127.0.0.1:8000/v1' })).toThrow(
      '--base-url needs --backend openai or --judge-backend openai',
    );
    expect(() => parseEvalOptions({ domain: 'x', backend: 'openai', baseUrl: 'gpu-box:8000' })).toThrow(
      '--base-url must be an http:// or https:// URL',
    );
    expect(parseEvalOptions({ domain: 'x', judgeBackend: 'openai', baseUrl: 'http://h:8000/v1' })).toMatchObject({
      backend: 'ollama',
      judgeBackend: 'openai',
      baseUrl: 'http://h:8000/v1',
    });
    expect(() => parseEvalOptions({ domain: 'x', shard: '5/4' })).toThrow(
      '--shard "5/4" is not a shard: use I/N with 1 <= I <= N, e.g. 2/4',
    );
    expect(parseEvalOptions({ domain: 'x', shard: '2/4' }).shard).toEqual({ index: 2, count: 4 });
    expect(() => parseEvalOptions({ domain: 'x', maxCost: 'lots' })).toThrow(
      '--max-cost must be a number of US dollars',
    );
    expect(() => parseEvalOptions({ domain: 'x', maxCost: '-1' })).toThrow('--max-cost must not be negative');
    expect(() => parseEvalOptions({ domain: 'x', backend: 'bedrock', bedrockEndpoint: 'ftp://h' })).toThrow(
      '--bedrock-endpoint must be an http:// or https:// URL',
    );
    expect(() => parseEvalOptions({ domain: 'x', region: 'us-east-1' })).toThrow(
      '--region, --profile and --bedrock-endpoint need --backend bedrock or --judge-backend bedrock',
    );
  });
});
