import type { Pack } from '@evalpacks/core';
import { userPath } from '../user-path.ts';
import { loadDomain } from './discover.ts';
import { loadPackFolder } from './pack-folder.ts';

/** The pack a run names: a folder given with --pack, else a domain of this workspace. */
export function loadEvalPack(options: { pack?: string; domain?: string }): Promise<Pack> {
  return options.pack ? loadPackFolder(userPath(options.pack)) : loadDomain(options.domain ?? '');
}
