/**
 * Checks the pack's starter labels (`calibration/labels.jsonl`, the person-outcome form of issue 26 item 5)
 * against its cases and prints their counts.
 *
 *   pnpm --filter @evalpacks/content-review check:labels
 *
 * Exit 0: every line is sound; 1: some line is not (each named with file:line and field); 2: the file or
 * the cases cannot be read.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { loadPackCases } from '@evalpacks/core';
import { labelsPath } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { checkStarterLabels, formatCounts } from './starter-labels.ts';

async function main(): Promise<number> {
  const file = labelsPath(pack);
  const shown = relative(process.cwd(), file) || file;
  let text: string;
  let cases: Awaited<ReturnType<typeof loadPackCases>>;
  try {
    text = await readFile(file, 'utf8');
    cases = await loadPackCases(pack);
  } catch (error) {
    console.error(`check-starter-labels: ${(error as Error).message}`);
    return 2;
  }
  const report = checkStarterLabels(shown, text, cases);
  console.log(`starter labels · ${pack.name} · ${shown}`);
  console.log(formatCounts(report.counts));
  if (report.problems.length === 0) return 0;
  console.error(`\n${report.problems.length} problem(s):`);
  for (const problem of report.problems) console.error(`  ${problem}`);
  return 1;
}

process.exitCode = await main();
