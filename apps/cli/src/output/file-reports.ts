import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RunGrade } from '@evalpacks/core/grade';
import { jsonReportParts, junitReportParts, markdownReportParts, type ReportSource } from '@evalpacks/core/report';
import { InfrastructureError } from '@evalpacks/core/runner';
/** Every --reporter: the console, and the files written at the end of a run. */
export const REPORTERS = ['console', 'json', 'junit', 'markdown', 'html'] as const;

type FileReporter = Exclude<(typeof REPORTERS)[number], 'console'>;

/**
 * What every file report is written with: the run's store id, its grade (the one the summary printed and the
 * exit code came from; the HTML report grades its own, as the viewer does) and (results.json) its record.
 */
export interface ReportOptions {
  runId: string;
  grade: RunGrade;
  record?: Record<string, unknown>;
}

type Render = (source: ReportSource, options: ReportOptions) => Iterable<string>;

/**
 * json, junit and markdown are written as parts, a result at a time from the source (the store); the HTML
 * report is one page built whole, so it reads every result into memory (and brings a Markdown renderer
 * and the viewer's views: loaded only when it is asked for).
 */
const FILES: Record<FileReporter, { name: string; load: () => Promise<Render> }> = {
  json: { name: 'results.json', load: async () => jsonReportParts },
  junit: { name: 'junit.xml', load: async () => junitReportParts },
  markdown: { name: 'summary.md', load: async () => markdownReportParts },
  html: {
    name: 'report.html',
    load: async () => {
      const { htmlReport } = await import('@evalpacks/web/report');
      return (source, options) => [htmlReport({ ...source.run, cases: [...source.results()] }, options)];
    },
  },
};

/** A path as a person would type it here: relative below the working directory, absolute elsewhere. */
export function shortPath(path: string): string {
  const near = relative(process.env.INIT_CWD ?? process.cwd(), path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

/** Writes the chosen file reports into `dir`; returns their absolute paths. */
export async function writeFileReports(
  kinds: readonly string[],
  source: ReportSource,
  dir: string,
  options: ReportOptions,
): Promise<string[]> {
  const chosen = kinds.filter((kind): kind is FileReporter => kind in FILES);
  if (chosen.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const kind of chosen) {
    const path = join(dir, FILES[kind].name);
    const render = await FILES[kind].load();
    const parts = Readable.from(render(source, options), { objectMode: false });
    await pipeline(parts, createWriteStream(path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC' && error.code !== 'EDQUOT') throw error;
      throw new InfrastructureError(
        `cannot write ${path}: the disk is full (${error.code}); the run itself is saved in the store`,
        'Free disk space, or pass --out DIR on another disk',
      );
    });
    written.push(path);
  }
  return written;
}
