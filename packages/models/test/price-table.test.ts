import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BEDROCK_AGENT_MODEL, DEFAULT_BEDROCK_JUDGE_MODEL } from '../src/defaults.ts';
import { loadPriceTable, priceLookup } from '../src/pricing/price-table.ts';

describe('the price table', () => {
  const priceOf = priceLookup(loadPriceTable());

  it('prices the default Bedrock models, and every Ollama model at zero', () => {
    expect(priceOf({ backend: 'bedrock', model: DEFAULT_BEDROCK_AGENT_MODEL })).toEqual({ input: 3.3, output: 16.5 });
    expect(priceOf({ backend: 'bedrock', model: DEFAULT_BEDROCK_JUDGE_MODEL })).toEqual({ input: 1.1, output: 5.5 });
    expect(priceOf({ backend: 'ollama', model: 'qwen3.5:4b' })).toEqual({ input: 0, output: 0 });
  });

  it('has no price for a model it does not list', () => {
    expect(priceOf({ backend: 'bedrock', model: 'us.example.unlisted-v1:0' })).toBeUndefined();
    expect(priceOf({ backend: 'elsewhere', model: 'x' })).toBeUndefined();
  });

  it('names the file and the field of a bad entry', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'prices-')), 'prices.json');
    const table = {
      currency: 'USD',
      per: '1M tokens',
      source: 'x',
      checked: 'x',
      backends: { bedrock: { models: { 'm:0': { input: -1, output: 2 } } } },
    };
    writeFileSync(path, JSON.stringify(table));
    expect(() => loadPriceTable(path)).toThrow(InputError);
    expect(() => loadPriceTable(path)).toThrow(`${path}: field backends.bedrock.models.m:0.input:`);
    writeFileSync(path, '{ not json');
    expect(() => loadPriceTable(path)).toThrow(`${path}: not a readable JSON price table`);
  });
});
