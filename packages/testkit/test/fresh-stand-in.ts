import { Ollama } from 'ollama';
import { afterEach } from 'vitest';
import { type OllamaStandIn, type StandInOptions, startOllamaStandIn } from '../src/index.ts';

/**
 * A stand-in of its own for each test that wants other options, with the real client pointed at it; every
 * one started by a test is closed after it. Call at the top of a test file (it registers the afterEach).
 */
export function freshStandIns(): (options?: StandInOptions) => Promise<{ s: OllamaStandIn; ollama: Ollama }> {
  const open: OllamaStandIn[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (options = {}) => {
    const s = await startOllamaStandIn(options);
    open.push(s);
    return { s, ollama: new Ollama({ host: s.url }) };
  };
}
