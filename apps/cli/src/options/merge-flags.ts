import { z } from 'zod';
import { defineFlags } from './flag-table.ts';

/**
 * The flags of merge alone (the ones it shares are in shared-flags.ts). Its --out names the store to write,
 * not eval's report folder, so it is an entry of its own.
 */
export const MERGE_FLAGS = defineFlags({
  out: {
    flags: '--out <db>',
    help: 'the store to record the joined run in (created when missing)',
    schema: z.string({ error: 'missing --out DB: the store file to write the joined run to' }).min(1),
    commands: ['merge'],
  },
  reportDir: {
    flags: '--report-dir <dir>',
    help: 'where file reporters write',
    schema: z.string().min(1).optional(),
    commands: ['merge'],
    default: 'reports/run-N beside --out',
  },
});
