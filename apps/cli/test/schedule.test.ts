import { describe, expect, it } from 'vitest';
import { judgesAfterAllAgents } from '../src/backends/ollama/schedule.ts';

const ollama = (model: string) => ({ backend: 'ollama' as const, model });

describe('--schedule', () => {
  it('auto phases exactly when a different agent and judge model share the Ollama server', () => {
    expect(judgesAfterAllAgents(undefined, ollama('qwen3.5:4b'), ollama('judge:1b'))).toBe(true);
    expect(judgesAfterAllAgents('auto', ollama('qwen3.5:4b'), ollama('qwen3.5:4b'))).toBe(false);
    expect(judgesAfterAllAgents('auto', ollama('qwen3.5:4b'), { backend: 'bedrock', model: 'haiku' })).toBe(false);
    expect(judgesAfterAllAgents('auto', ollama('qwen3.5:4b'), undefined)).toBe(false);
  });

  it('phased and interleaved are what they say, whatever the roles', () => {
    expect(judgesAfterAllAgents('phased', ollama('a'), ollama('a'))).toBe(true);
    expect(judgesAfterAllAgents('interleaved', ollama('a'), ollama('b'))).toBe(false);
  });
});
