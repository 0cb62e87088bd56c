import type { HostUsage } from '@evalpacks/models';

/**
 * The summary row of a run on several Ollama hosts, e.g.
 * `3 (127.0.0.1:1111 40 calls; 127.0.0.1:2222 taken out after 12; 127.0.0.1:3333 38 calls)`.
 * None for one host: the model calls row already says it all.
 */
export function hostsRow(usage: readonly HostUsage[]): [string, string] | undefined {
  if (usage.length < 2) return undefined;
  const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  const each = usage.map(({ url, served, out }) => {
    const name = url.replace(/^http:\/\//, '');
    if (out === 'left out') return `${name} left out at the start`;
    if (out === 'taken out') return `${name} taken out after ${calls(served)}`;
    return `${name} ${calls(served)}`;
  });
  return ['ollama hosts', `${usage.length} (${each.join('; ')})`];
}
