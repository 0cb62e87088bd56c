import shipped from '@evalpacks/code-review';
import { definePack } from '@evalpacks/core';

// The shipped pack's code over a frozen copy of its data, so the harness's tests do not move when the pack
// gains or fixes cases. The harness's tests count structural checks, so the pack keeps the six checks these
// cases were frozen with; the shipped pack's own tests cover the checks added since.
const FROZEN_CHECKS = new Set([
  'summary-table',
  'severity-levels',
  'code-fixes',
  'no-full-rewrite',
  'summary-count',
  'stays-in-scope',
]);

export default definePack({
  ...shipped,
  checks: shipped.checks.filter((check) => FROZEN_CHECKS.has(check.id)),
  root: new URL('..', import.meta.url),
});
