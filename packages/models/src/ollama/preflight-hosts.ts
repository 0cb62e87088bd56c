import { redactUrl } from '@evalpacks/core/report';
import { checkOllamaCapabilities, type ModelNeeds } from './capabilities.ts';
import type { OllamaHosts } from './host-pool.ts';
import { preflightOllama } from './preflight.ts';

/**
 * The start-up check of every host at once (each within preflightOllama's time limit): a host that does
 * not answer or lacks a model is left out with one warning line; when none passes, the first host's
 * failure is the run's one-line error. Then each host left is asked, from /api/show, whether the
 * models can do what the run needs (tools, thinking).
 */
export async function preflightOllamaHosts(hosts: OllamaHosts, models: string[], needs: ModelNeeds[]): Promise<void> {
  const all = hosts.all;
  const checks = await Promise.allSettled(all.map((host) => preflightOllama(host.url, models)));
  const failed = checks.flatMap((check, i) =>
    check.status === 'rejected' ? [{ host: all[i], error: check.reason }] : [],
  );
  if (failed.length === all.length) throw failed[0]?.error;
  for (const { host, error } of failed) {
    // The warning names the host already: its message need not say it again.
    if (host) hosts.takeOut(host, (error as Error).message.replace(` at ${redactUrl(host.url)}`, ''), 'left out');
  }
  await Promise.all(hosts.serving.map((host) => checkOllamaCapabilities(host, needs)));
}
