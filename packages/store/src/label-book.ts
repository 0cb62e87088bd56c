import type { Label } from '@evalpacks/core';
import { EvalStore } from './store.ts';

/**
 * The labels table of a store and nothing else, open for writing: what the viewer may change. Everything
 * else it shows comes through a read-only EvalStore, so a bug in a page can never touch a run.
 */
export class LabelBook {
  private constructor(private readonly store: EvalStore) {}

  /** Opens (or creates and brings up to date) the store at `path` for its labels. */
  static open(path: string): LabelBook {
    return new LabelBook(EvalStore.open(path));
  }

  save(pack: string, label: Label): string {
    return this.store.saveLabel(pack, label);
  }

  labels(pack: string): Label[] {
    return this.store.labels(pack);
  }

  remove(pack: string, key: string): boolean {
    return this.store.removeLabel(pack, key);
  }

  close(): void {
    this.store.close();
  }
}
