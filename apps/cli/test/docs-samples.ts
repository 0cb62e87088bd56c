import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { lines } from './docs-check.ts';

/**
 * Sample outputs in the docs against what the CLI prints today. Each line of a run's header, of its Summary
 * and of a compare's Overall block is reduced to its SHAPE: its label and fixed words, with the values a
 * sample may legitimately differ in (numbers, models, packs, paths, URLs) replaced by placeholders. A doc
 * line whose shape the CLI no longer prints (a renamed label, a missing `· num_ctx auto`, an old row) is
 * stale. Lines are grouped by KIND (the label, with the backend for model lines) so that a sample of a kind
 * today's runs did not produce (a resumed run, a merge) is reported as unchecked rather than as stale; a
 * label that no kind of today's has is stale.
 */
export interface ShapedLine {
  kind: string;
  shape: string;
  /** Its index in the lines shaped. */
  at: number;
}

/**
 * A header line: its label at the start, then two spaces or more (the padding is part of its shape). Any
 * word is taken, so a sample's label the CLI does not print (`judges  ...`) is found, not skipped.
 */
const HEADER = /^(evalpacks compare(?= · )|evalpacks(?= · )|offline(?= answers)|[a-z]+(?= {2,}\S))/;
/** Section headings whose rows follow, indented two spaces, each label padded to this width. */
const SECTIONS: { heading: RegExp; kind: string; width: number }[] = [
  { heading: /^Summary\b/, kind: 'summary row', width: 16 },
  { heading: /^Overall over\b/, kind: 'compare row', width: 18 },
];

const URL = /[a-z][a-z0-9+.-]*:\/\/[^\s,)]+/g;
/** One host or several (`URL (6 at once), URL (2 at once)`): as many hosts as a run was given. */
const HOSTS = /URL(?: \(\d+ at once\))?(?:, URL(?: \(\d+ at once\))?)*/g;
/** A word with a slash that is not a count like `1/2`: a path. */
const PATH = /(?<=\s|^)(?!\d+\/\d+\b)[^\s;,]*\/[^\s;,]*/g;

/** Values that are the sample's own, per label: `agent  ollama qwen3.5:4b` is `agent  ollama MODEL`. */
function abstractValues(label: string, rest: string): string {
  let s = rest.replace(URL, 'URL').replace(HOSTS, 'URL');
  if (label === 'agent' || label === 'judge') s = s.replace(/^(\s+)(?!none\b)(\S+) (\S+)/, '$1$2 MODEL');
  if (label === 'baseline' || label === 'variant') s = s.replace(/^(\s+)[^·]+ · (\S+) (\S+)/, '$1NAME · $2 MODEL');
  if (label === 'evalpacks') s = s.replace(/^ · [^·]+ · variant \S+/, ' · PACK · variant NAME');
  if (label === 'evalpacks compare') s = s.replace(/^ · [^·]+ ·/, ' · PACK ·');
  // The store a run is recorded in ends its line, with or without a folder (`merged.db`).
  if (label === 'run') s = s.replace(/ · [^·]+$/, ' · PATH');
  // Where an offline run's samples are: relative to where it ran, so `fixtures` alone in a pack's folder.
  if (label === 'offline') s = s.replace(/samples in [^;]+;/, 'samples in PATH;');
  s = s.replace(/\b(policy|split) \S+/g, '$1 NAME').replace(PATH, 'PATH');
  // `1 case`, `3 cases`: the plural follows the number.
  const counted = /\b(N (?:case|epoch|shard|label|item|call|result))s?\b/g;
  return s.replace(/[-−+]?\d+(?:\.\d+)?/g, 'N').replace(counted, '$1(s)');
}

/** Which line it is: model lines by backend, run lines by their note (shard, resumed, re-judging). */
function kindOf(label: string, shape: string): string {
  const words = shape.split(/\s+/).filter(Boolean);
  if (label === 'agent' || label === 'judge') return `${label} ${words[0]}`;
  if (label === 'baseline' || label === 'variant') return `${label} ${words[2]}`;
  if (label === 'run') {
    const segments = shape.split(' · ');
    return segments.length > 2 ? `run ${segments[1]?.trim().split(' ')[0]}` : 'run';
  }
  if (label === 'evalpacks' && shape.includes('joined')) return 'evalpacks merged';
  return label;
}

/** The shaped lines of an output, or of a sample block's lines. */
export function shapesOf(text: string[]): ShapedLine[] {
  const shaped: ShapedLine[] = [];
  let section: (typeof SECTIONS)[number] | undefined;
  for (const [at, line] of text.entries()) {
    const heading = SECTIONS.find((s) => s.heading.test(line));
    if (heading) {
      section = heading;
      shaped.push({ kind: heading.kind.replace(' row', ''), shape: abstractValues('', line), at });
      continue;
    }
    // A section ends at the next line that is not indented (a blank line only separates its groups).
    if (section && line.trim() !== '' && !line.startsWith(' ')) section = undefined;
    if (section) {
      // A doc's `...` stands for rows it leaves out.
      if (/^\s*(\.\.\.|…)\s*$/.test(line)) continue;
      // A row is `  LABEL` padded to the width, then its value; the row label is its shape.
      // pass^k's row names its k (pass^3): the k is the sample's own, as other values are.
      const label = line
        .slice(2, 2 + section.width)
        .trim()
        .replace(/^pass\^\d+$/, 'pass^N');
      if (line.startsWith('  ') && !line.startsWith('   ') && label) {
        shaped.push({ kind: section.kind, shape: label, at });
      }
      continue;
    }
    const label = HEADER.exec(line)?.[1];
    if (!label) continue;
    const shape = label + abstractValues(label, line.slice(label.length));
    shaped.push({ kind: kindOf(label, shape.slice(label.length)), shape, at });
  }
  return shaped;
}

/** A code block of a doc that shows CLI output: it holds a run header, a Summary or a compare's Overall. */
export interface SampleBlock {
  file: string;
  lines: { text: string; line: number }[];
}

const SAMPLE = /^(evalpacks(?: compare)? · |Summary\b|Overall over\b)/;

export function sampleBlocks(file: string, root: string): SampleBlock[] {
  const blocks: SampleBlock[] = [];
  let current: SampleBlock['lines'] = [];
  let previous = 0;
  const close = () => {
    if (current.some(({ text }) => SAMPLE.test(text))) blocks.push({ file: relative(root, file), lines: current });
    current = [];
  };
  for (const { text, line, fenced } of lines(readFileSync(file, 'utf8'))) {
    // The fences themselves are skipped: a gap in the numbering is where one block ends.
    if (!fenced || line !== previous + 1) close();
    if (fenced) current.push({ text, line });
    previous = line;
  }
  close();
  return blocks;
}

/**
 * The doc lines whose shape the CLI does not print today (`problems`), and those of a kind no reference run
 * printed, so not compared (`unchecked`). `today` holds the shapes of the reference runs' output.
 */
export function staleSamples(
  blocks: SampleBlock[],
  today: ShapedLine[],
): { problems: string[]; unchecked: string[]; checked: number } {
  const known = new Map<string, Set<string>>();
  for (const { kind, shape } of today) known.set(kind, (known.get(kind) ?? new Set()).add(shape));
  const labels = new Set([...known.keys()].map((kind) => kind.split(' ')[0]));
  const problems: string[] = [];
  const unchecked: string[] = [];
  let checked = 0;
  for (const block of blocks) {
    for (const { kind, shape, at } of shapesOf(block.lines.map((l) => l.text))) {
      const where = `${block.file}:${block.lines[at]?.line}`;
      const shapes = known.get(kind);
      const label = kind.split(' ')[0] ?? '';
      if (!shapes && labels.has(label)) unchecked.push(`${where}: ${kind}`);
      else if (!shapes) problems.push(`${where}: ${kind} "${shape}" has a label the CLI does not print`);
      else if (shapes.has(shape)) checked += 1;
      else
        problems.push(
          `${where}: ${kind} "${shape}" is not one the CLI prints (${[...shapes].map((s) => `"${s}"`).join(', ')})`,
        );
    }
  }
  return { problems, unchecked, checked };
}
