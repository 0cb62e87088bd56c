/** One side of a command that runs several (compare's baseline and variant, calibrate's two judges). */
export interface SideRows {
  /** How the command's header names the side: `baseline`, `judge A`. */
  name: string;
  /** Its backends' own summary rows (Backends.summaryRows: which Ollama hosts served how many calls). */
  rows: readonly [string, string][];
}

/**
 * The backends' rows of every side, one row per label, each side's value after its name:
 * `ollama hosts`, `baseline 2 (127.0.0.1:1111 6 calls; 127.0.0.1:2222 6 calls) · variant 2 (...)`. Each side
 * connects its own backends, so each has its own hosts to tell of. A side without the row is left out of
 * it; with one side alone the value is eval's, without a name.
 */
export function sideRows(sides: readonly SideRows[]): [string, string][] {
  const labels = [...new Set(sides.flatMap((side) => side.rows.map(([label]) => label)))];
  return labels.map((label) => {
    const values = sides.flatMap(({ name, rows }) =>
      rows.filter((row) => row[0] === label).map(([, value]) => (sides.length > 1 ? `${name} ${value}` : value)),
    );
    return [label, values.join(' · ')];
  });
}
