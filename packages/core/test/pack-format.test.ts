import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCaseFile } from '../src/pack/case-file.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { loadPackCases } from '../src/pack/load-pack.ts';
import { defineTool } from '../src/tools/define-tool.ts';

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

/** A pack's own record format, validated with zod inside toCase as a pack does it. */
const OwnFormat = z.strictObject({ question: z.string().min(1), tool: z.string().nullable() });
const ownToCase = (raw: unknown) => {
  const record = OwnFormat.parse(raw);
  return { id: record.question.toLowerCase().replace(/\W+/g, '-'), name: record.question, input: record.question };
};

describe("a pack's own case format", () => {
  it('names the line and the field as the user wrote them when toCase rejects a record', async () => {
    await expect(loadCaseFile(fixture('own-format.json'), ownToCase)).rejects.toThrow(
      /own-format\.json:8: field "tool": Invalid input: expected string, received number$/,
    );
  });

  it('names the line of a record when toCase throws a plain error', async () => {
    const toCase = (raw: unknown) => {
      if ((raw as { tool: unknown }).tool === 7) throw new Error('seven is not a tool');
      return ownToCase(raw);
    };
    await expect(loadCaseFile(fixture('own-format.json'), toCase)).rejects.toThrow(
      /own-format\.json:6: seven is not a tool$/,
    );
  });
});

describe('tool names in cases', () => {
  const refund = defineTool({
    name: 'issue_refund',
    description: 'Refunds an order',
    input: z.object({ orderId: z.string() }),
    run: () => ({}),
  });

  it('rejects a case naming a tool the pack does not have', async () => {
    const pack = definePack({ name: 'desk', description: 'd', root: '/tmp', tools: () => [refund] });
    await expect(loadPackCases(pack, [fixture('unknown-tool.jsonl')])).rejects.toThrow(
      /unknown-tool\.jsonl: case "t2" names tool "refund_everything", which pack "desk" does not have \(tools: issue_refund\)$/,
    );
  });

  it('rejects tool expectations in a pack without tools', async () => {
    const pack = definePack({ name: 'plain', description: 'd', root: '/tmp' });
    await expect(loadPackCases(pack, [fixture('unknown-tool.jsonl')])).rejects.toThrow(
      /unknown-tool\.jsonl: case "t1" has tool expectations, but pack "plain" has no tools$/,
    );
  });
});
