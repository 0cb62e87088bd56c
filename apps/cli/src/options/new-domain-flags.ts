import { z } from 'zod';
import { defineFlags } from './flag-table.ts';

/** The flags of new-domain, which writes a pack rather than running one. */
export const NEW_DOMAIN_FLAGS = defineFlags({
  install: {
    flags: '--no-install',
    help: 'do not run `pnpm install` to link the new package',
    schema: z.boolean().default(true),
    commands: ['new-domain'],
  },
  out: {
    flags: '--out <dir>',
    help: 'write a pack of its own to DIR instead, outside the workspace (installs the CLI from npm)',
    schema: z.string().min(1).optional(),
    commands: ['new-domain'],
  },
});
