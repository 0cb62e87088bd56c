import { listVariants, loadPackCases } from '@evalpacks/core';
import type { CommandIo } from '../output/command-io.ts';
import { listDomains, loadDomain } from '../packs/discover.ts';

/** `--list`: every pack with its case count and variants. */
export async function listCommand(io: CommandIo): Promise<number> {
  for (const name of listDomains()) {
    const pack = await loadDomain(name);
    const cases = await loadPackCases(pack);
    const variants = await listVariants(pack);
    io.write(`${name.padEnd(20)}${String(cases.length).padStart(4)} cases   variants: ${variants.join(', ')}\n`);
    io.write(`${''.padEnd(20)}${pack.description}\n`);
  }
  return 0;
}
