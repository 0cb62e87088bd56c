import { loadPackCases, type Pack } from '@evalpacks/core';
import { listVariants, packFigures } from '@evalpacks/core/runner';
import type { CommandIo } from '../output/command-io.ts';
import { packListing } from '../output/pack-listing.ts';
import { listDomains, loadDomain } from '../packs/discover.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';

/**
 * `--list`: every pack (or the one --domain or --pack names) with its cases per split, findings, bait
 * share, categories, variants, and the smallest change a compare over it can detect.
 */
export async function listCommand(io: CommandIo, named: { domain?: string; pack?: string } = {}): Promise<number> {
  const packs: [string, Pack][] =
    named.domain || named.pack
      ? [[named.domain ?? '', await loadEvalPack(named)]]
      : await Promise.all(listDomains().map(async (name) => [name, await loadDomain(name)] as [string, Pack]));
  for (const [name, pack] of packs) {
    const figures = packFigures(pack, await loadPackCases(pack));
    io.write(packListing(name || pack.name, pack.description, figures, await listVariants(pack)));
  }
  return 0;
}
