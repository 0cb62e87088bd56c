import { formatLintProblem, lintPack, type Pack } from '@evalpacks/core';
import { z } from 'zod';
import { shapeFor } from '../options/flag-table.ts';
import { SHARED_FLAGS } from '../options/shared-flags.ts';
import type { CommandIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { listDomains, loadDomain } from '../packs/discover.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { UsageError } from '../usage-error.ts';

const LintOptionsSchema = z
  .object(shapeFor(SHARED_FLAGS, 'lint-pack'))
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' });

/** The packs to lint: the one named, else every pack of the workspace. */
async function packsToLint(options: z.infer<typeof LintOptionsSchema>): Promise<Pack[]> {
  if (options.domain || options.pack) return [await loadEvalPack(options)];
  const names = listDomains();
  if (names.length === 0)
    throw new UsageError('no packs to lint: no domains/NAME/src/index.ts here; name one with --pack PATH');
  return Promise.all(names.map((name) => loadDomain(name)));
}

/**
 * `lint-pack [--domain X | --pack DIR]`: checks a pack's data (cited lines and quotes, near-duplicates,
 * categories, bait and split shares, reference answers) and prints each problem as `file:line field:
 * message`. Exit 0 clean, 1 problems, 2 usage. With neither flag, every pack of the workspace.
 */
export async function lintPackCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const parsed = LintOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  let found = 0;
  for (const pack of await packsToLint(parsed.data)) {
    const problems = await lintPack(pack);
    for (const problem of problems) io.write(`${formatLintProblem(problem, shortPath)}\n`);
    io.write(
      problems.length === 0
        ? `${pack.name}: clean\n`
        : `${pack.name}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`,
    );
    found += problems.length;
  }
  return found === 0 ? 0 : 1;
}
