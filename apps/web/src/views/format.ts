import { formatUsd } from '@evalpacks/core/report';

export { describeModel } from '@evalpacks/core/stats';

/** "2025-01-01 10:00" from an ISO timestamp, in UTC as the CLI prints it. */
export const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export const usd = (value: number | undefined) => (value === undefined ? 'unknown' : formatUsd(value));

export const milliseconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** JSON as a person reads it: strings as they are, anything else indented. */
export const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
