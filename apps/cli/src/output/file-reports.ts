import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { jsonReportParts, junitReportParts, markdownReportParts, type ReportSource } from '@evalpacks/core/report';
import { InfrastructureError } from '@evalpacks/core/runner';
import { type PartSink, writeTogether } from './shared-read.ts';

/** Every --reporter: the console, and the files written at the end of a run. */
export const REPORTERS = ['console', 'json', 'junit', 'markdown', 'html'] as const;

type FileReporter = Exclude<(typeof REPORTERS)[number], 'console'>;

/** What every file report is written with beside its source: the run's store id and (results.json) its record. */
export interface ReportOptions {
  runId: string;
  record?: Record<string, unknown>;
}

type Render = (source: ReportSource, options: ReportOptions) => Iterable<string | Uint8Array>;

/**
 * json, junit and markdown are written as parts, a result at a time from the source (the store); the HTML
 * report is one page built whole, so it reads every result into memory (and brings a Markdown renderer
 * and the viewer's views: loaded only when it is asked for). Every report renders the source's grade.
 */
const FILES: Record<
  FileReporter,
  { name: string; load: () => Promise<Render>; ownRead?: (source: ReportSource) => boolean }
> = {
  // results.json copies each result's text where the source keeps it; the Markdown report reads no answers.
  json: { name: 'results.json', load: async () => jsonReportParts, ownRead: (source) => !!source.resultTexts },
  junit: { name: 'junit.xml', load: async () => junitReportParts },
  markdown: { name: 'summary.md', load: async () => markdownReportParts, ownRead: (source) => !!source.outcomes },
  html: {
    name: 'report.html',
    load: async () => {
      const { htmlReport } = await import('@evalpacks/web/report');
      return (source, options) => [
        htmlReport({ ...source.run, cases: [...source.results()] }, { runId: options.runId, grade: source.grade }),
      ];
    },
  },
};

/** A path as a person would type it here: relative below the working directory, absolute elsewhere. */
export function shortPath(path: string): string {
  const near = relative(process.env.INIT_CWD ?? process.cwd(), path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

/** Bytes gathered before a write: few system calls, little held. */
const FLUSH_BYTES = 1 << 20;

/**
 * A report file written in large pieces; a full disk says so in one line. Each part is encoded into one
 * reused buffer as it comes: joining the parts into a string and encoding that at each write took twice the
 * CPU (a 30,000-result results.json is 350 MB). Encoding a part alone gives the bytes the joined text would:
 * no report splits a character across parts (they break at newlines and JSON tokens).
 */
function fileSink(path: string): PartSink & { close(): void } {
  const fd = guard(path, () => openSync(path, 'w'));
  const buffer = Buffer.allocUnsafe(FLUSH_BYTES);
  let used = 0;
  const writeAll = (bytes: Uint8Array) => {
    for (let done = 0; done < bytes.length; ) {
      done += guard(path, () => writeSync(fd, bytes, done, bytes.length - done));
    }
  };
  const flush = () => {
    if (used === 0) return;
    const length = used;
    used = 0;
    writeAll(buffer.subarray(0, length));
  };
  return {
    write(part) {
      if (typeof part !== 'string') {
        // Bytes as they are (a result's text the store kept): copied, never decoded and encoded again.
        if (part.length > FLUSH_BYTES - used) {
          flush();
          if (part.length > FLUSH_BYTES) {
            writeAll(part);
            return;
          }
        }
        buffer.set(part, used);
        used += part.length;
        return;
      }
      // A UTF-16 unit takes at most 3 bytes of UTF-8: a part that might not fit goes after a flush.
      if (part.length * 3 > FLUSH_BYTES - used) {
        flush();
        if (part.length * 3 > FLUSH_BYTES) {
          writeAll(Buffer.from(part, 'utf8'));
          return;
        }
      }
      used += buffer.write(part, used);
    },
    close() {
      try {
        flush();
      } finally {
        closeSync(fd);
      }
    },
  };
}

function guard<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOSPC' && code !== 'EDQUOT') throw error;
    throw new InfrastructureError(
      `cannot write ${path}: the disk is full (${code}); the run itself is saved in the store`,
      'Free disk space, or pass --out DIR on another disk',
    );
  }
}

/**
 * Writes the chosen file reports into `dir`, all of them from one read of the source's results (see
 * writeTogether); returns their absolute paths.
 */
export async function writeFileReports(
  kinds: readonly string[],
  source: ReportSource,
  dir: string,
  options: ReportOptions,
): Promise<string[]> {
  const chosen = kinds.filter((kind): kind is FileReporter => kind in FILES);
  if (chosen.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const reports = await Promise.all(
    chosen.map(async (kind) => ({
      path: join(dir, FILES[kind].name),
      render: await FILES[kind].load(),
      ownRead: FILES[kind].ownRead?.(source) ?? false,
    })),
  );
  const sinks: (PartSink & { close(): void })[] = [];
  try {
    for (const report of reports) sinks.push(fileSink(report.path));
    await writeTogether(
      source.results(),
      reports.map((report, index) => ({
        parts: (results: Iterable<CaseResult>) => report.render({ ...source, results: () => results }, options),
        sink: sinks[index] as PartSink,
        ownRead: report.ownRead,
      })),
    );
  } finally {
    for (const sink of sinks) sink.close();
  }
  return reports.map((report) => report.path);
}
