import type { Pack, PackLabel } from '@evalpacks/core';
import { labelKey, labelsPath, loadPackLabels } from '@evalpacks/core/calibration';
import type { EvalStore } from '@evalpacks/store';

export interface AllLabels {
  labels: PackLabel[];
  file: string;
  fromFile: number;
  fromStore: number;
}

/**
 * The pack's labels from git and the ones people gave since (in the viewer, into the store). A store
 * label on the same answer and item is the newer word and replaces the file's.
 */
export async function allLabels(pack: Pack, store: EvalStore): Promise<AllLabels> {
  const fromFile = await loadPackLabels(pack);
  const fromStore = store.labels(pack.name);
  const merged = new Map<string, PackLabel>(fromFile.map((label) => [labelKey(label), label]));
  const storeKeys = new Set<string>();
  for (const label of fromStore) {
    merged.set(labelKey(label), label);
    storeKeys.add(labelKey(label));
  }
  const labels = [...merged.values()];
  return {
    labels,
    file: labelsPath(pack),
    fromFile: labels.filter((label) => !storeKeys.has(labelKey(label))).length,
    fromStore: storeKeys.size,
  };
}
