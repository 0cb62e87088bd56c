import { describe, expect, it } from 'vitest';
import { ollamaHostSpecs, ollamaHostsSchema } from '../src/backends/ollama/hosts-option.ts';
import { givenFlags, withStoredFlags } from '../src/persistence/run-config.ts';

describe('the Ollama hosts of a stored run', () => {
  it('keeps every host and its limit without credentials, and gives them back to --resume', () => {
    const typed = { ollamaHost: ['http://eval:s3cret@gpu1:11434#6,gpu2', ':11500'] };
    const stored = givenFlags(typed);
    expect(JSON.stringify(stored)).not.toContain('s3cret');
    expect(JSON.stringify(stored)).not.toContain('eval');

    // --resume with no --ollama-host: the stored list, read the way the command reads its options.
    const resumed = ollamaHostsSchema.parse(withStoredFlags({}, stored).ollamaHost);
    expect(ollamaHostSpecs(resumed, 2, {})).toEqual([
      { url: 'http://gpu1:11434', calls: 6 },
      { url: 'http://gpu2:11434', calls: 2 },
      { url: 'http://127.0.0.1:11500', calls: 2 },
    ]);
    // Given again, the new list wins.
    expect(withStoredFlags({ ollamaHost: ['other:1'] }, stored).ollamaHost).toEqual(['other:1']);
  });

  it('reads a run stored before hosts were lists (one string)', () => {
    expect(ollamaHostSpecs(ollamaHostsSchema.parse('http://127.0.0.1:11434'), 4, {})).toEqual([
      { url: 'http://127.0.0.1:11434', calls: 4 },
    ]);
  });
});
