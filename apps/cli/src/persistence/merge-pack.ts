import type { Pack } from '@evalpacks/core';
import { listDomains, loadDomain } from '../packs/discover.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';
import type { MergedRun } from './merge-shards.ts';

/** The pack a merge grades the joined run with, and the flags that name it in the stored run. */
export interface MergePack {
  pack: Pack;
  flags: { pack: string } | { domain: string };
}

/**
 * The pack merge loads (for its repeat policy): the one its own command line names, never one a shard's
 * record names. A record's `--pack` path is a file on the machine of whoever made the record, and loading
 * it runs its code; a results.json downloaded from CI is anyone's. Without --domain or --pack, the
 * record's pack name as a domain of this workspace: code the user already runs. The loaded pack must be
 * the one the shards ran, by name; otherwise the refusal names both.
 */
export async function mergePack(given: { domain?: string; pack?: string }, merged: MergedRun): Promise<MergePack> {
  const ran = merged.meta.pack;
  if (given.pack !== undefined || given.domain !== undefined) {
    const pack = await loadEvalPack(given);
    if (pack.name !== ran) {
      const flag = given.pack !== undefined ? `--pack ${given.pack}` : `--domain ${given.domain}`;
      throw new UsageError(`${merged.first} is a run of pack ${ran}; ${flag} is pack ${pack.name}`);
    }
    return { pack, flags: given.pack !== undefined ? { pack: userPath(given.pack) } : { domain: pack.name } };
  }
  const path = merged.meta.config.flags.pack;
  if (path !== undefined) {
    throw new UsageError(
      `${merged.first} ran the pack at ${String(path)} (--pack); merge runs no code a shard file names: ` +
        "give merge --pack with that pack's folder",
    );
  }
  if (!listDomains().includes(ran)) {
    throw new UsageError(
      `${merged.first} is a run of pack ${ran}, no domain of this workspace: give merge --domain NAME or --pack FOLDER`,
    );
  }
  return { pack: await loadDomain(ran), flags: { domain: ran } };
}
