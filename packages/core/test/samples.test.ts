import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheMissError } from '../src/cache/model-calls.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { loadSampleTranscript, loadSampleTranscripts } from '../src/pack/fixtures.ts';
import type { AgentPort } from '../src/ports/backend-ports.ts';
import { withSampleFallback } from '../src/runner/sample-agent.ts';
import { sampleCase } from './support.ts';

/** A pack folder with the given fixture files. */
function packWith(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'evalpacks-pack-'));
  mkdirSync(join(root, 'fixtures'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'fixtures', name), text);
  return definePack({ name: 'demo', description: 'demo', root });
}

const fixture = (fields: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      sample: true,
      model: 'hand-written sample',
      input: sampleCase.input,
      answer: 'The SSN is returned.',
      turns: 1,
      latencyMs: 0,
      ...fields,
    },
    null,
    2,
  );

const request = { caseId: sampleCase.id, epoch: 0, systemPrompt: 's', input: sampleCase.input, maxTurns: 6 };

describe('sample transcripts', () => {
  it('loads a fixture with the transcript defaults filled in', async () => {
    const pack = packWith({ 'lookup.json': fixture() });
    expect(await loadSampleTranscript(pack, sampleCase)).toEqual({
      sample: true,
      model: 'hand-written sample',
      input: sampleCase.input,
      answer: 'The SSN is returned.',
      toolCalls: [],
      turns: 1,
      usage: { input: 0, output: 0 },
      latencyMs: 0,
    });
    expect(await loadSampleTranscript(pack, { ...sampleCase, id: 'other' })).toBeUndefined();
  });

  it('names file, line and field of a fixture that does not say it is a sample', async () => {
    const pack = packWith({ 'lookup.json': fixture({ sample: false }) });
    await expect(loadSampleTranscript(pack, sampleCase)).rejects.toThrow(
      `${join(pack.root, 'fixtures', 'lookup.json')}:2: field "sample": must be true: a fixture is a hand-written sample, and says so`,
    );
  });

  it('refuses a fixture written for another input (the case changed since)', async () => {
    const pack = packWith({ 'lookup.json': fixture({ input: 'function other() {}' }) });
    await expect(loadSampleTranscripts(pack, [sampleCase])).rejects.toThrow(
      /lookup\.json:4: field "input": differs from the input of case "lookup"/,
    );
  });

  it('answers from the sample only when the agent has no cached answer', async () => {
    const pack = packWith({});
    const sample = { ...JSON.parse(fixture()), toolCalls: [], usage: { input: 0, output: 0 } };
    const samples = new Map([[sampleCase.id, sample]]);
    const missing: AgentPort = {
      backend: 'ollama',
      model: 'm',
      run: async () => {
        throw new Error('wrapped', { cause: new CacheMissError('agent', 'k') });
      },
    };
    const offline = withSampleFallback(missing, pack, samples);
    expect(await offline.run(request)).toEqual(sample);
    expect(offline.samplesUsed()).toBe(1);
    await expect(offline.run({ ...request, caseId: 'other' })).rejects.toThrow(
      `offline: no cached answer and no sample transcript at ${join(pack.root, 'fixtures', 'other.json')}`,
    );
    const failing: AgentPort = { ...missing, run: async () => Promise.reject(new Error('HTTP 500')) };
    await expect(withSampleFallback(failing, pack, samples).run(request)).rejects.toThrow('HTTP 500');
  });
});
