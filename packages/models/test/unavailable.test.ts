import { InfrastructureError } from '@evalpacks/core/runner';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOllamaAgent } from '../src/ollama/agent.ts';
import { OllamaUnavailableError } from '../src/ollama/errors.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { ollamaStructuredCall } from '../src/ollama/judge.ts';
import { deadPort, MODEL } from './support.ts';

let s: OllamaStandIn;
beforeAll(async () => {
  s = await startOllamaStandIn({ models: [MODEL] });
});
afterAll(() => s.close());

const agentOn = (host: string, model: string) =>
  runOllamaAgent({
    hosts: OllamaHosts.of({ host, timeoutMs: 5_000 }),
    model,
    systemPrompt: '',
    input: 'hi',
    maxTurns: 3,
  });

const judgeOn = (host: string, model: string) =>
  ollamaStructuredCall({
    hosts: OllamaHosts.of({ host, timeoutMs: 5_000 }),
    model,
    system: 's',
    prompt: 'p',
    jsonSchema: { type: 'object' },
  });

describe('connection-level failures throw, promptly', () => {
  it('an unknown model is a model-not-found InfrastructureError', async () => {
    const started = performance.now();
    const error = await agentOn(s.url, 'missing:1b').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(OllamaUnavailableError);
    expect(error).toBeInstanceOf(InfrastructureError);
    expect(error).toMatchObject({ kind: 'model-not-found', fix: expect.stringContaining('ollama pull missing:1b') });
    expect((error as Error).message).toContain('missing:1b');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a refused connection is an unreachable InfrastructureError', async () => {
    const host = `http://127.0.0.1:${await deadPort()}`;
    const started = performance.now();
    const error = await agentOn(host, MODEL).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(OllamaUnavailableError);
    expect(error).toMatchObject({ kind: 'unreachable', fix: expect.stringContaining('OLLAMA_HOST') });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('the judge call throws the same errors', async () => {
    const host = `http://127.0.0.1:${await deadPort()}`;
    await expect(judgeOn(host, MODEL)).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(judgeOn(s.url, 'missing:1b')).rejects.toMatchObject({ kind: 'model-not-found' });
  });
});
