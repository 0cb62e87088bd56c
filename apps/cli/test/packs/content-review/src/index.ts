import shipped from '@evalpacks/content-review';
import { definePack } from '@evalpacks/core';

// The shipped pack's code over a frozen copy of its data, so the harness's tests do not move when the pack
// gains or fixes cases. The harness's tests count structural checks, so the pack keeps the five checks these
// cases were frozen with; the shipped pack's own tests cover the checks added since.
const FROZEN_CHECKS = new Set([
  'section-checklist',
  'finding-categories',
  'actionable-suggestions',
  'readiness-at-end',
  'stays-in-scope',
]);

export default definePack({
  ...shipped,
  checks: shipped.checks.filter((check) => FROZEN_CHECKS.has(check.id)),
  root: new URL('..', import.meta.url),
});
