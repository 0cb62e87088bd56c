import { Ollama } from 'ollama';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OllamaStandIn, startOllamaStandIn } from '../src/index.ts';

let standIn: OllamaStandIn;
let ollama: Ollama;

beforeAll(async () => {
  standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'llama3'] });
  ollama = new Ollama({ host: standIn.url });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

describe('model endpoints', () => {
  it('binds to loopback on a random port', () => {
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists the configured models, untagged names as :latest', async () => {
    const { models } = await ollama.list();
    expect(models.map((m) => m.name)).toEqual(['qwen3.5:4b', 'llama3:latest']);
    for (const m of models) {
      expect(m.model).toBe(m.name);
      expect(m.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(m.size).toBeGreaterThan(0);
      expect(m.details).toMatchObject({ format: 'gguf', quantization_level: 'Q4_K_M' });
    }
    expect(models[0]?.details.parameter_size).toBe('4.0B');
  });

  it('shows a known model with its capabilities, by either spelling of an untagged name', async () => {
    const shown = await ollama.show({ model: 'qwen3.5:4b' });
    expect(shown.capabilities).toEqual(['completion', 'tools', 'thinking']);
    expect(shown.details.format).toBe('gguf');
    expect((await ollama.show({ model: 'llama3:latest' })).capabilities).toContain('tools');
  });

  it('answers show for an unknown model with 404', async () => {
    await expect(ollama.show({ model: 'mistral:7b' })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: "model 'mistral:7b' not found",
    });
  });

  it('rejects a chat with an unknown model with Ollama 404 and message', async () => {
    standIn.script({ reply: { content: 'never sent' } });
    const chat = ollama.chat({ model: 'nope:1b', messages: [{ role: 'user', content: 'hi' }] });
    await expect(chat).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: 'model "nope:1b" not found, try pulling it first',
    });
  });

  it('treats llama3 and llama3:latest as one model for chat', async () => {
    standIn.script({ reply: { content: 'hi' } });
    const res = await ollama.chat({ model: 'llama3:latest', messages: [{ role: 'user', content: 'x' }] });
    expect(res.message.content).toBe('hi');
  });

  it('answers version and the root liveness probe', async () => {
    expect(await ollama.version()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    const root = await fetch(`${standIn.url}/`);
    expect(await root.text()).toBe('Ollama is running');
  });

  it('answers unknown routes with 404 as Ollama does', async () => {
    const res = await fetch(`${standIn.url}/api/nothing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404 page not found');
  });
});
