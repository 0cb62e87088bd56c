import { describe, expect, it } from 'vitest';
import { BUSY, PROMPT_TOO_LONG } from '../src/index.ts';
import { freshStandIns } from './fresh-stand-in.ts';

const standIn = freshStandIns();

/** `tokens` tokens of text at the stand-in's four characters a token. */
const text = (tokens: number, fill = 'x') => fill.repeat(tokens * 4);

describe('context window', () => {
  it('fits a prompt in the default 4096 tokens when the request sets no num_ctx', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { content: 'ok' } });
    const res = await ollama.chat({ model: 'qwen3.5:4b', messages: [{ role: 'user', content: text(3000) }] });
    expect(res.prompt_eval_count).toBe(3000);
    expect(s.chatCalls()[0]?.seen).toEqual({
      numCtx: 4096,
      sentTokens: 3000,
      evaluatedTokens: 3000,
      droppedMessages: 0,
      cut: false,
    });
  });

  it('cuts a too long prompt from the front with HTTP 200, keeping num_keep tokens and about half the context', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { content: 'ok', promptTokens: 9000 } });
    const messages = [
      { role: 'system', content: text(1000, 's') },
      { role: 'user', content: text(5000) },
    ];
    const res = await ollama.chat({ model: 'qwen3.5:4b', messages });
    // 4096 - floor((4096 - 4) / 2): what Ollama's first context shift keeps; the scripted count is ignored.
    expect(res.prompt_eval_count).toBe(2050);
    expect(res.done_reason).toBe('stop');
    expect(s.chatCalls()[0]?.seen).toMatchObject({ numCtx: 4096, sentTokens: 6000, evaluatedTokens: 2050, cut: true });
  });

  it('drops whole messages from the front first, never the system prompt or the last message', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { content: 'ok' } });
    const messages = [
      { role: 'system', content: text(500, 's') },
      { role: 'user', content: text(3000) },
      { role: 'assistant', content: text(100, 'a') },
      { role: 'user', content: text(1000, 'u') },
    ];
    const res = await ollama.chat({ model: 'qwen3.5:4b', messages });
    expect(res.prompt_eval_count).toBe(1600);
    expect(s.chatCalls()[0]?.seen).toMatchObject({ droppedMessages: 1, cut: false, evaluatedTokens: 1600 });
  });

  it('honours num_ctx up to the model context length, and refuses instead of cutting without context shift', async () => {
    const { s, ollama } = await standIn({ models: [{ name: 'small:1b', contextLength: 8192 }], contextShift: false });
    s.script({ reply: { content: 'ok' } });
    const big = [{ role: 'user', content: text(6000) }];
    const fits = await ollama.chat({ model: 'small:1b', messages: big, options: { num_ctx: 8192 } });
    expect(fits.prompt_eval_count).toBe(6000);
    const capped = ollama.chat({
      model: 'small:1b',
      messages: [{ role: 'user', content: text(9000) }],
      options: { num_ctx: 16384 },
    });
    await expect(capped).rejects.toMatchObject({ status_code: 400, error: PROMPT_TOO_LONG });
    expect(s.chatCalls().map((c) => c.seen?.numCtx)).toEqual([8192, undefined]);
  });

  it('reports the trained context in /api/show as <arch>.context_length, with the capabilities', async () => {
    const { ollama } = await standIn({
      models: [{ name: 'tiny:1b', contextLength: 2048, capabilities: ['completion'] }],
    });
    const shown = await ollama.show({ model: 'tiny:1b' });
    expect(shown.model_info).toMatchObject({ 'general.architecture': 'tiny', 'tiny.context_length': 2048 });
    expect(shown.capabilities).toEqual(['completion']);
  });
});

describe('generation limits and thinking', () => {
  it('stops at num_predict with done_reason "length", the text cut and no tool call', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { content: 'one two three four five six seven eight', outputTokens: 100 } });
    const res = await ollama.chat({
      model: 'qwen3.5:4b',
      messages: [{ role: 'user', content: 'count' }],
      options: { num_predict: 50 },
    });
    expect(res).toMatchObject({ done_reason: 'length', eval_count: 50, message: { content: 'one two three four ' } });
    s.script({ reply: { toolCalls: [{ name: 'f', arguments: { a: 1 } }], outputTokens: 80 } });
    const tools = [{ type: 'function', function: { name: 'f', description: 'f' } }];
    const cut = await ollama.chat({
      model: 'qwen3.5:4b',
      messages: [{ role: 'user', content: 'go' }],
      tools,
      options: { num_predict: 10 },
    });
    expect(cut.done_reason).toBe('length');
    expect(cut.message.tool_calls).toBeUndefined();
  });

  it('sends thinking when think is on or unset on a thinking model, never when off', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { thinking: 'Hmm.', content: '4' } });
    const messages = [{ role: 'user', content: '2+2?' }];
    expect((await ollama.chat({ model: 'qwen3.5:4b', messages })).message.thinking).toBe('Hmm.');
    expect((await ollama.chat({ model: 'qwen3.5:4b', messages, think: 'high' })).message.thinking).toBe('Hmm.');
    const off = await ollama.chat({ model: 'qwen3.5:4b', messages, think: false });
    expect(off.message).toEqual({ role: 'assistant', content: '4' });
    expect(off.eval_count).toBe(1);
  });

  it('refuses think and tools on a model without the capability, as Ollama words it', async () => {
    const { s, ollama } = await standIn({ models: [{ name: 'tiny:1b', capabilities: ['completion'] }] });
    s.script({ reply: { content: 'x' } });
    const messages = [{ role: 'user', content: 'hi' }];
    await expect(ollama.chat({ model: 'tiny:1b', messages, think: true })).rejects.toMatchObject({
      status_code: 400,
      error: '"tiny:1b" does not support thinking',
    });
    const tools = [{ type: 'function', function: { name: 'f', description: 'f' } }];
    await expect(ollama.chat({ model: 'tiny:1b', messages, tools })).rejects.toMatchObject({
      status_code: 400,
      error: 'registry.ollama.ai/library/tiny:1b does not support tools',
    });
    expect((await ollama.chat({ model: 'tiny:1b', messages, think: false })).message.content).toBe('x');
  });
});

describe('busy server and proxies', () => {
  it('answers 503 busy once maxQueue chat requests are in flight', async () => {
    const { s, ollama } = await standIn({ maxQueue: 1 });
    s.script({ reply: { content: 'slow', latencyMs: 300 } });
    const messages = [{ role: 'user', content: 'hi' }];
    const first = ollama.chat({ model: 'qwen3.5:4b', messages });
    // The second arrives while the first is answered: wait until the stand-in has seen it.
    while (s.chatCalls().length < 1) await new Promise((r) => setTimeout(r, 5));
    await expect(ollama.chat({ model: 'qwen3.5:4b', messages })).rejects.toMatchObject({
      status_code: 503,
      error: BUSY,
    });
    expect((await first).message.content).toBe('slow');
  });

  it('plays busy and a proxy 502 as scripted faults', async () => {
    const { s, ollama } = await standIn();
    s.script({ reply: { fault: 'busy' }, times: 1 });
    s.script({ reply: { fault: 'http-502' } });
    const messages = [{ role: 'user', content: 'hi' }];
    await expect(ollama.chat({ model: 'qwen3.5:4b', messages })).rejects.toMatchObject({
      status_code: 503,
      error: BUSY,
    });
    await expect(ollama.chat({ model: 'qwen3.5:4b', messages })).rejects.toMatchObject({ status_code: 502 });
  });
});
