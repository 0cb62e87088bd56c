/**
 * Writes docs/cli-reference.md from the flag tables:
 *   pnpm --filter @evalpacks/cli docs:reference
 * test/cli-reference.test.ts fails when the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliReference, REFERENCE_FILE } from '../src/options/cli-reference.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
writeFileSync(join(root, REFERENCE_FILE), cliReference());
process.stdout.write(`wrote ${REFERENCE_FILE}\n`);
