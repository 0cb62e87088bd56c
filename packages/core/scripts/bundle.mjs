/**
 * Core's JavaScript build: its six entries (., runner, grade, report, stats, calibration) bundled with shared chunks, so
 * a process loads a dozen files instead of ~90 (module resolution was a fifth of the CLI's start-up) and every
 * entry still shares one copy of each module. Dependencies (zod, yaml, ...) stay in node_modules: packs and
 * the CLI compose core's zod schemas with their own. The declarations come from tsc (`build`).
 *
 *   node scripts/bundle.mjs   (part of the package's `build`)
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  entryPoints: ['src/index.ts', 'src/runner.ts', 'src/grade.ts', 'src/report.ts', 'src/stats.ts', 'src/calibration.ts'],
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
