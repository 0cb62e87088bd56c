import { formatInterval, percent, wilsonInterval } from '@evalpacks/core';

/** "75.0% (95% CI 30.1–95.4%)", or a dash before any result is in. */
export function passRate(passed: number, total: number): string {
  if (total === 0) return '–';
  return `${percent(passed / total)} (${formatInterval(wilsonInterval(passed, total))})`;
}
