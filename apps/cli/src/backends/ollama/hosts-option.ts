import { redactUrl } from '@evalpacks/core/report';
import { resolveOllamaHost } from '@evalpacks/models/host-url';
import { z } from 'zod';

/** Every value given, split at commas: `--ollama-host a,b --ollama-host c`; a stored run's single string too. */
function hostList(value: unknown): unknown {
  if (value === undefined) return undefined;
  const given = Array.isArray(value) ? value : [value];
  return given.flatMap((item) => (typeof item === 'string' ? item.split(',').map((part) => part.trim()) : [item]));
}

/** A host that would only fail at the first request: refused here in one line instead. */
function hostProblem(host: string): string | undefined {
  if (host === '') return '--ollama-host must not be empty (a stray comma?)';
  let url: URL;
  try {
    url = new URL(resolveOllamaHost(host, {}));
  } catch {
    return `--ollama-host ${JSON.stringify(redactUrl(host))} is not a URL or host:port`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `--ollama-host ${redactUrl(host)} must be http:// or https://`;
  }
  return undefined;
}

/**
 * `--ollama-host`, repeatable and comma-separated: the servers the calls are spread over. Kept as given
 * (OLLAMA_HOST and the default apply at connect), so a stored run's flags say what the user typed.
 */
export const ollamaHostsSchema = z
  .preprocess(
    hostList,
    z.array(z.string({ error: '--ollama-host must be a URL or host:port' })).superRefine((hosts, ctx) => {
      const seen = new Set<string>();
      for (const host of hosts) {
        const problem = hostProblem(host);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return;
        }
        const resolved = resolveOllamaHost(host, {});
        if (seen.has(resolved)) {
          ctx.addIssue({ code: 'custom', message: `--ollama-host names ${redactUrl(resolved)} twice` });
          return;
        }
        seen.add(resolved);
      }
    }),
  )
  .optional();

/** The URLs of the run's servers: the flag's, else OLLAMA_HOST, else the local default. */
export function ollamaHostUrls(hosts: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  return hosts && hosts.length > 0
    ? hosts.map((host) => resolveOllamaHost(host, env))
    : [resolveOllamaHost(undefined, env)];
}
