/** Just enough Markdown reading for the structural checks: fenced code blocks, prose and pipe tables. */

export interface CodeBlock {
  /** The info string after the opening fence ("ts", "typescript", ""). */
  lang: string;
  /** Content lines, fences excluded. */
  lines: string[];
}

export interface Table {
  header: string[];
  rows: string[][];
}

/** Any indentation: models nest fences under list items deeper than CommonMark's three spaces. */
const FENCE = /^\s*(`{3,}|~{3,})\s*([^`\s]*)/;

/**
 * Walks the answer once, handing each line to `onLine` with whether it sits inside a fence. An unclosed
 * fence runs to the end of the answer, as in CommonMark, so a truncated answer still counts its last block.
 */
function walk(text: string, onLine: (line: string, fenced: boolean) => void, onBlock?: (block: CodeBlock) => void) {
  let open: { marker: string; block: CodeBlock } | undefined;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line);
    if (!open && fence?.[1]) {
      open = { marker: fence[1], block: { lang: fence[2] ?? '', lines: [] } };
      onLine(line, true);
    } else if (open && fence?.[1]?.startsWith(open.marker) && line.trim() === fence[1]) {
      onBlock?.(open.block);
      open = undefined;
      onLine(line, true);
    } else {
      open?.block.lines.push(line);
      onLine(line, open !== undefined);
    }
  }
  if (open) onBlock?.(open.block);
}

export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  walk(
    text,
    () => {},
    (block) => blocks.push(block),
  );
  return blocks;
}

/** The answer's lines with fenced code blanked, so line numbers still match the answer's. */
export function outsideFences(text: string): string[] {
  const lines: string[] = [];
  walk(text, (line, fenced) => lines.push(fenced ? '' : line));
  return lines;
}

/** Quoted code such as `formatDate()` must not count as a remark about the code's style. */
export function blankInlineCode(line: string): string {
  return line.replace(/`[^`\n]*`/g, '``');
}

/** The number of lines a reader sees, ignoring trailing blank lines. */
export function lineCount(text: string): number {
  const trimmed = text.trimEnd();
  return trimmed === '' ? 0 : trimmed.split('\n').length;
}

function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * GFM pipe tables outside fenced code: a header row, a delimiter row, then rows until a line without a pipe.
 * Inline code stays in the cells, since models often write a severity as `critical`.
 */
export function tables(text: string): Table[] {
  const lines = outsideFences(text);
  const found: Table[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i] ?? '';
    if (!head.includes('|') || !DELIMITER.test(lines[i + 1] ?? '')) continue;
    const table: Table = { header: cells(head), rows: [] };
    let j = i + 2;
    while (j < lines.length && lines[j]?.includes('|') && lines[j]?.trim() !== '') {
      table.rows.push(cells(lines[j] ?? ''));
      j++;
    }
    found.push(table);
    i = j - 1;
  }
  return found;
}
