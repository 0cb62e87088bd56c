import { describe, expect, it } from 'vitest';
import { parseVerdict, verdictJsonSchema } from '../src/judge/verdict.ts';

describe('parseVerdict', () => {
  it('reads a finding verdict', () => {
    expect(parseVerdict('finding', '{"reasoning":"It names the SSN leak.","caught":true}')).toEqual({
      reasoning: 'It names the SSN leak.',
      passed: true,
    });
  });

  it('inverts an expectedAbsent verdict: flagged means the item failed', () => {
    expect(parseVerdict('absent', '{"reasoning":"Called it a secret.","flagged":true}').passed).toBe(false);
    expect(parseVerdict('absent', '{"reasoning":"Said it is fine.","flagged":false}').passed).toBe(true);
  });

  it('finds the object inside prose or a fence', () => {
    const text = 'Sure!\n```json\n{"reasoning": "Not discussed.", "caught": false}\n```';
    expect(parseVerdict('finding', text)).toEqual({ reasoning: 'Not discussed.', passed: false });
  });

  it('rejects text that is not JSON and JSON of the wrong shape', () => {
    expect(() => parseVerdict('finding', 'The finding was caught.')).toThrow(/^not JSON/);
    expect(() => parseVerdict('finding', '{"caught":"yes","reasoning":"x"}')).toThrow(/^wrong shape: caught/);
    expect(() => parseVerdict('rubric', '{"reasoning":"","pass":true}')).toThrow(/^wrong shape: reasoning/);
  });

  it('gives a JSON schema with reasoning before the verdict', () => {
    const schema = verdictJsonSchema('finding') as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'caught']);
    expect(schema.required).toEqual(['reasoning', 'caught']);
    expect(schema).not.toHaveProperty('$schema');
  });
});
