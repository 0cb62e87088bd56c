import { createServer } from 'node:net';
import { defineTool } from '@evalpacks/core';
import type { AgentRequest, CallCache } from '@evalpacks/core/runner';
import { tool } from '@strands-agents/sdk';
import { z } from 'zod';

export const MODEL = 'qwen3.5:4b';

/** A loopback port that was just listening and is now closed, so connecting is refused at once. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

/** A weather tool that records what it was called with. */
export function weatherTool() {
  const calls: { city: string }[] = [];
  const weather = tool({
    name: 'get_weather',
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    callback: ({ city }) => {
      calls.push({ city });
      return { city, tempC: 21, sky: 'clear' };
    },
  });
  return { weather, calls };
}

/** The same weather tool on the pack's side (core's defineTool): it answers `reading` and keeps the cities asked. */
export function packWeatherTool(reading: { tempC: number; sky?: string } = { tempC: 21, sky: 'clear' }) {
  const looked: string[] = [];
  const weather = defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    input: z.object({ city: z.string() }),
    run: ({ city }) => {
      looked.push(city);
      return { city, ...reading };
    },
  });
  return { weather, looked };
}

/** One case as the runner puts it to an agent: terse, four turns at most, epoch 0 unless `more` says. */
export function agentRequest(input: string, more: Partial<AgentRequest> = {}): AgentRequest {
  return { caseId: 'c', epoch: 0, systemPrompt: 'You are terse.', input, maxTurns: 4, ...more };
}

/** The call-cache port over a Map, holding JSON text as the SQLite store does, so a hit is a fresh copy. */
export function mapCache(): CallCache & { size(): number } {
  const entries = new Map<string, string>();
  return {
    size: () => entries.size,
    get: async (key) => {
      const json = entries.get(key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    set: async (key, value) => void entries.set(key, JSON.stringify(value)),
  };
}
