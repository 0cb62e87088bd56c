import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This CLI's package folder (the one holding its package.json and templates/). Found by walking up instead of
 * a fixed `../..`, because the same code runs from src/ (tests), from the bundle's flat dist/ and installed
 * under node_modules, each at a different depth.
 */
export const CLI_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
