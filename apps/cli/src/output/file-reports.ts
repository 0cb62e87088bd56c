import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { InfrastructureError, jsonReport, junitReport, markdownReport, type RunResult } from '@evalpacks/core';
/** Every --reporter: the console, and the files written at the end of a run. */
export const REPORTERS = ['console', 'json', 'junit', 'markdown', 'html'] as const;

type FileReporter = Exclude<(typeof REPORTERS)[number], 'console'>;

type Render = (run: RunResult, options: { runId: string }) => string;

/** The HTML report brings a Markdown renderer and the viewer's views: loaded only when it is asked for. */
const FILES: Record<FileReporter, { name: string; load: () => Promise<Render> }> = {
  json: { name: 'results.json', load: async () => jsonReport },
  junit: { name: 'junit.xml', load: async () => junitReport },
  markdown: { name: 'summary.md', load: async () => markdownReport },
  html: { name: 'report.html', load: async () => (await import('@evalpacks/web/report')).htmlReport },
};

/** A path as a person would type it here: relative below the working directory, absolute elsewhere. */
export function shortPath(path: string): string {
  const near = relative(process.env.INIT_CWD ?? process.cwd(), path);
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
    const render = await FILES[kind].load();
    await writeFile(path, render(run, { runId: String(runId) })).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC' && error.code !== 'EDQUOT') throw error;
      throw new InfrastructureError(
        `cannot write ${path}: the disk is full (${error.code}); the run itself is saved in the store`,
        'Free disk space, or pass --out DIR on another disk',
      );
    });
    written.push(shortPath(path));
  }
  return written;
}
