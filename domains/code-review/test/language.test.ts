import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/language.ts';
import { rawCases } from './support.ts';

describe('detectLanguage', () => {
  it.each([
    ['a boto3 handler', 'import json\nimport boto3\n\ndef handler(event, context):\n    return {"statusCode": 200}'],
    ['typed Python', 'from typing import Any\n\nasync def handler(event: dict[str, Any], context) -> dict:\n    x = 1'],
    ['a Python class', 'class Order(TypedDict):\n    id: str'],
  ])('reads %s as Python', (_, input) => {
    expect(detectLanguage(input)).toBe('python');
  });

  it.each([
    ['an SDK v3 handler', "import { S3Client } from '@aws-sdk/client-s3';\nexport const handler = async () => ({});"],
    ['a type-only import', "import type { SQSEvent } from 'aws-lambda';\nconst x = 1;"],
    ['a snippet with neither marker', 'x = 1'],
  ])('reads %s as TypeScript', (_, input) => {
    expect(detectLanguage(input)).toBe('typescript');
  });

  it('reads the language every case of the pack is tagged with', async () => {
    const cases = await rawCases();
    const tagged = cases.map(({ id, tags, input }) => {
      const list = Array.isArray(tags) ? tags : [];
      const language = list.includes('python') ? 'python' : list.includes('typescript') ? 'typescript' : 'untagged';
      return [id, language, detectLanguage(String(input))];
    });
    expect(tagged.filter(([, tag, detected]) => tag !== detected)).toEqual([]);
  });
});
