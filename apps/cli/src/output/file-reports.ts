import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { jsonReport, junitReport, markdownReport, type RunResult } from '@evalpacks/core';
/** Every --reporter: the console, and the files written at the end of a run. */
export const REPORTERS = ['console', 'json', 'junit', 'markdown'] as const;

type FileReporter = Exclude<(typeof REPORTERS)[number], 'console'>;

const FILES: Record<FileReporter, { name: string; render: typeof jsonReport }> = {
  json: { name: 'results.json', render: jsonReport },
  junit: { name: 'junit.xml', render: junitReport },
  markdown: { name: 'summary.md', render: markdownReport },
};

/** A path as a person would type it here: relative below the working directory, absolute elsewhere. */
export function shortPath(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

/** Writes the chosen file reports into `dir`; returns their paths relative to the working directory. */
export async function writeFileReports(
  kinds: readonly string[],
  run: RunResult,
  dir: string,
  runId: number,
): Promise<string[]> {
  const chosen = kinds.filter((kind): kind is FileReporter => kind in FILES);
  if (chosen.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const kind of chosen) {
    const path = join(dir, FILES[kind].name);
    await writeFile(path, FILES[kind].render(run, { runId: String(runId) }));
    written.push(shortPath(path));
  }
  return written;
}
