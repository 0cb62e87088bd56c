import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BedrockStandIn,
  type OllamaStandIn,
  type OpenAIStandIn,
  startBedrockStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '../src/index.ts';

const MiB = 1024 * 1024;
const KEY = { accessKeyId: 'AKIDOVERSIZEDTEST', secretAccessKey: 'oversized-test-secret' };
const HAIKU = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const user = [{ role: 'user' as const, content: 'hi' }];

let ollama: OllamaStandIn;
let openai: OpenAIStandIn;
let bedrock: BedrockStandIn;
beforeAll(async () => {
  [ollama, openai, bedrock] = await Promise.all([
    startOllamaStandIn(),
    startOpenAIStandIn(),
    startBedrockStandIn({ credentials: [KEY] }),
  ]);
});
afterEach(() => {
  for (const standIn of [ollama, openai, bedrock]) standIn.reset();
});
afterAll(() => Promise.all([ollama.close(), openai.close(), bedrock.close()]));

/** POSTs a chat and reads `keep` bytes of the answer at most, then drops the connection. */
async function readSome(url: string, body: object, keep = Infinity) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  const chunks: Uint8Array[] = [];
  let read = 0;
  for await (const chunk of response.body ?? []) {
    chunks.push(chunk);
    read += chunk.byteLength;
    if (read >= keep) break;
  }
  return { response, text: Buffer.concat(chunks).toString('utf8'), read };
}

describe('an oversized reply', () => {
  it('is a valid Ollama answer of exactly `bytes`, declared or chunked, whole or streamed', async () => {
    ollama.script({ reply: { oversized: { bytes: 3 * MiB + 7 } }, times: 1 });
    const whole = await readSome(`${ollama.url}/api/chat`, { model: 'qwen3.5:4b', messages: user, stream: false });
    expect(whole.response.headers.get('content-length')).toBe(String(3 * MiB + 7));
    expect(whole.read).toBe(3 * MiB + 7);
    const answer = JSON.parse(whole.text);
    expect(answer).toMatchObject({ done: true, done_reason: 'stop', message: { role: 'assistant' } });
    expect(answer.message.content).toMatch(/^x+$/);

    ollama.script({ reply: { oversized: { bytes: 2 * MiB, declareLength: false } } });
    const streamed = await readSome(`${ollama.url}/api/chat`, { model: 'qwen3.5:4b', messages: user });
    expect(streamed.response.headers.get('content-length')).toBeNull();
    expect(streamed.response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(streamed.read).toBe(2 * MiB);
    const lines = streamed.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)).toMatchObject({ done: true });
    expect(lines.slice(0, -1).every((line) => /^x+$/.test(line.message.content))).toBe(true);
  });

  it('is made only as fast as the client reads: 64 MiB asked, a few read, little more made', async () => {
    ollama.script({ reply: { oversized: { bytes: 64 * MiB } } });
    const some = await readSome(`${ollama.url}/api/chat`, { model: 'qwen3.5:4b', messages: user, stream: false }, MiB);
    expect(some.read).toBeLessThan(2 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [call] = ollama.chatCalls();
    expect(call?.bytesPulled).toBeGreaterThanOrEqual(some.read);
    // What the sockets buffer between the two ends, not the 64 MiB.
    expect(call?.bytesPulled).toBeLessThan(16 * MiB);
  });

  it('reads as an Ollama answer through ollama-js', async () => {
    ollama.script({ reply: { oversized: { bytes: MiB } } });
    const answer = await new Ollama({ host: ollama.url }).chat({ model: 'qwen3.5:4b', messages: user });
    expect(answer.message.content.length).toBeGreaterThan(MiB - 1000);
    expect(ollama.chatCalls()[0]?.bytesPulled).toBe(MiB);
  });

  it('reads as a completion and as a stream of events through the openai client', async () => {
    const client = new OpenAI({ baseURL: openai.baseURL, apiKey: 'EMPTY', maxRetries: 0 });
    openai.script({ reply: { oversized: { bytes: MiB } }, times: 1 });
    const completion = await client.chat.completions.create({ model: 'qwen3.5-4b', messages: user });
    expect(completion.choices[0]?.message.content).toMatch(/^x{1040000,}$/);
    openai.script({ reply: { oversized: { bytes: 2 * MiB, declareLength: false } } });
    const stream = await client.chat.completions.create({
      model: 'qwen3.5-4b',
      messages: user,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason;
    }
    expect(text).toMatch(/^x{2000000,}$/);
    expect(finish).toBe('stop');
    expect(openai.chatCalls().map((call) => call.bytesPulled)).toEqual([MiB, 2 * MiB]);
  });

  it('reads as a Converse answer through the AWS SDK over HTTP/2', async () => {
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: bedrock.url,
      credentials: KEY,
      maxAttempts: 1,
    });
    try {
      bedrock.script({ reply: { oversized: { bytes: MiB } } });
      const answer = await client.send(
        new ConverseCommand({ modelId: HAIKU, messages: [{ role: 'user', content: [{ text: 'hi' }] }] }),
      );
      expect(answer.output?.message?.content?.[0]?.text).toMatch(/^x{1040000,}$/);
      expect(bedrock.converseCalls()[0]?.bytesPulled).toBe(MiB);
    } finally {
      client.destroy();
    }
  });

  it('refuses a size too small for the reply it must be', async () => {
    ollama.script({ reply: { oversized: { bytes: 10 } } });
    const small = await fetch(`${ollama.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: 'qwen3.5:4b', messages: user, stream: false }),
    });
    expect(small.status).toBe(500);
    expect(await small.text()).toContain('oversized.bytes 10 is too small');
  });
});
