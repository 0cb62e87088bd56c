import type Database from 'better-sqlite3';
import type { JudgedItem } from './judged-items.ts';
import { preparedOnce } from './prepared-once.ts';

/**
 * A verdict of a completed run with its place (migration 13): 0 for the first ok verdict of the first result
 * saved, and so on in the order judgedItems lists them.
 */
export interface RankedItem extends JudgedItem {
  rank: number;
}

/**
 * A stretch of a completed run's ok verdicts, as the label queue pages them: either the low-confidence ones
 * (below `threshold`), least sure first, or the rest, in saved order; without the places in `excluded`.
 */
export interface RankSegment {
  lowConfidence: boolean;
  threshold: number;
  excluded: readonly number[];
}

type RankedRow = [
  caseId: string,
  epoch: number,
  kind: JudgedItem['kind'],
  itemId: string,
  passed: number,
  confidence: number | null,
  model: string,
  rank: number,
];

const COLUMNS = 'case_id, epoch, kind, item_id, passed, confidence, model, queue_rank';
// The low-confidence verdicts and the rest split on the threshold; each is read from its covering index.
const LOW = 'confidence < :threshold';
const REST = '(confidence IS NULL OR confidence >= :threshold)';
const NOT_EXCLUDED = 'queue_rank NOT IN (SELECT value FROM json_each(:excluded))';

const statements = preparedOnce((db) => {
  const segment = (where: string, index: string, order: string) => ({
    count: db
      .prepare(
        `SELECT count(*) FROM verdicts INDEXED BY ${index}
         WHERE run_id = :run AND queue_rank IS NOT NULL AND ${where} AND ${NOT_EXCLUDED}`,
      )
      .pluck(),
    page: db
      .prepare(
        `SELECT queue_rank FROM verdicts INDEXED BY ${index}
         WHERE run_id = :run AND queue_rank IS NOT NULL AND ${where} AND ${NOT_EXCLUDED}
         ORDER BY ${order} LIMIT :limit OFFSET :offset`,
      )
      .pluck(),
  });
  return {
    low: segment(LOW, 'verdicts_by_confidence', 'confidence, queue_rank'),
    rest: segment(REST, 'verdicts_by_queue_rank', 'queue_rank'),
    // Places are 0 up without gaps: the highest tells how many there are, from the index alone.
    ranked: db
      .prepare(
        `SELECT coalesce(max(queue_rank) + 1, 0) FROM verdicts INDEXED BY verdicts_by_queue_rank
         WHERE run_id = ? AND queue_rank IS NOT NULL`,
      )
      .pluck(),
    // The ok verdicts a label is on, by the key each was saved with (migration 13).
    byLabelKeys: db
      .prepare(
        `SELECT ${COLUMNS} FROM json_each(?) AS k
           CROSS JOIN verdicts INDEXED BY verdicts_by_label_key ON run_id = ? AND label_key = k.value
         WHERE queue_rank IS NOT NULL`,
      )
      .raw(),
    // Whether a ranked verdict has no label key (saved before migration 13), from the index alone.
    unkeyed: db
      .prepare(
        `SELECT count(*) FROM (SELECT 1 FROM verdicts INDEXED BY verdicts_by_label_key
           WHERE run_id = ? AND label_key IS NULL AND queue_rank IS NOT NULL LIMIT 1)`,
      )
      .pluck(),
    atRanks: db
      .prepare(
        `SELECT ${COLUMNS} FROM verdicts
         WHERE run_id = ? AND queue_rank IN (SELECT value FROM json_each(?)) ORDER BY queue_rank`,
      )
      .raw(),
    ofCases: db
      // `+`: by the primary key (run and case), not the run's whole stretch of verdicts_by_queue_rank.
      .prepare(
        `SELECT ${COLUMNS} FROM verdicts
         WHERE run_id = ? AND case_id IN (SELECT value FROM json_each(?)) AND +queue_rank IS NOT NULL`,
      )
      .raw(),
  };
});

const itemOf = ([caseId, epoch, kind, itemId, passed, confidence, model, rank]: RankedRow): RankedItem =>
  confidence === null
    ? { caseId, epoch, kind, itemId, passed: passed === 1, model, rank }
    : { caseId, epoch, kind, itemId, passed: passed === 1, confidence, model, rank };

const bind = (runId: number, segment: RankSegment) => ({
  run: runId,
  threshold: segment.threshold,
  excluded: JSON.stringify(segment.excluded),
});

/** How many verdicts a segment holds. */
export function countRankSegment(db: Database.Database, runId: number, segment: RankSegment): number {
  const { count } = segment.lowConfidence ? statements(db).low : statements(db).rest;
  return count.get(bind(runId, segment)) as number;
}

/** How many verdicts of a completed run have places: its ok verdicts. */
export function countRanked(db: Database.Database, runId: number): number {
  return statements(db).ranked.get(runId) as number;
}

/** The places of `limit` verdicts of a segment from `offset` on, in the segment's order. */
export function selectRankSegment(
  db: Database.Database,
  runId: number,
  segment: RankSegment,
  offset: number,
  limit: number,
): number[] {
  const { page } = segment.lowConfidence ? statements(db).low : statements(db).rest;
  return page.all({ ...bind(runId, segment), limit, offset }) as number[];
}

/** The verdicts at these places, in the order of `ranks`. */
export function selectRankedItems(db: Database.Database, runId: number, ranks: readonly number[]): RankedItem[] {
  if (ranks.length === 0) return [];
  const rows = statements(db).atRanks.all(runId, JSON.stringify(ranks)) as RankedRow[];
  const byRank = new Map(rows.map((row) => [row[7], itemOf(row)]));
  return ranks.flatMap((rank) => byRank.get(rank) ?? []);
}

/** The ranked verdicts of these cases of a run (none before the run completed), by case. */
export function selectRankedItemsOfCases(
  db: Database.Database,
  runId: number,
  caseIds: readonly string[],
): Map<string, RankedItem[]> {
  const byCase = new Map<string, RankedItem[]>(caseIds.map((caseId) => [caseId, []]));
  for (const row of statements(db).ofCases.all(runId, JSON.stringify(caseIds)) as RankedRow[]) {
    byCase.get(row[0])?.push(itemOf(row));
  }
  return byCase;
}

/** The ranked verdicts of a run whose label key is one of `keys` (each verdict once). */
export function selectRankedByLabelKeys(db: Database.Database, runId: number, keys: readonly string[]): RankedItem[] {
  const rows = statements(db).byLabelKeys.all(JSON.stringify([...new Set(keys)]), runId) as RankedRow[];
  return rows.map(itemOf);
}

/** True when every ranked verdict of the run was saved with its label key (see migration 13). */
export function selectAllKeyed(db: Database.Database, runId: number): boolean {
  return statements(db).unkeyed.get(runId) === 0;
}
