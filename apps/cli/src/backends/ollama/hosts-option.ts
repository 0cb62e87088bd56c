import { redactUrl } from '@evalpacks/core/report';
import { resolveOllamaHost } from '@evalpacks/models/host-url';
import { z } from 'zod';

/** Every value given: `--ollama-host a,b --ollama-host c` gives two; a stored run's single string, one. */
function givenValues(value: unknown): unknown {
  return Array.isArray(value) ? value : [value];
}

/** A URL's scheme: `http://`. */
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * A value's URL whose user:password holds a comma, if one does, as an error names it (`http://***@host:1`).
 * A comma separates hosts everywhere else (no host name holds one, nor does the path of an Ollama server),
 * but a password may, and split there it would give two broken hosts, one holding half the secret. Each
 * `scheme://` after a comma starts a URL of its own: `http://a:1,http://u:p@b:1` is two hosts.
 */
function commaInCredentials(value: string): string | undefined {
  for (const url of value.trim().split(/,\s*(?=[a-z][a-z\d+.-]*:\/\/)/i)) {
    const scheme = SCHEME.exec(url)?.[0];
    if (scheme === undefined) continue;
    const rest = url.slice(scheme.length);
    const authority = rest.split(/[/?#]/)[0] ?? '';
    const at = authority.lastIndexOf('@');
    if (authority.slice(0, Math.max(at, 0)).includes(',')) return redactUrl(`${scheme}***${rest.slice(at)}`);
  }
  return undefined;
}

/**
 * A value's part that gives a user and password without a scheme (`u:p@host`), as an error may name it
 * (`***@host`). Such a host never parses, and split at a comma in the password, its first half would be
 * quoted back as a host that is not a URL: refused whole, its credentials never printed.
 */
function credentialsWithoutScheme(value: string): string | undefined {
  for (const part of value.trim().split(/,\s*(?=[a-z][a-z\d+.-]*:\/\/)/i)) {
    if (!SCHEME.test(part) && part.includes('@')) return `***${part.slice(part.lastIndexOf('@'))}`;
  }
  return undefined;
}

/** The hosts of every value, split at its commas. */
const splitAtCommas = (values: string[]) => values.flatMap((value) => value.split(',').map((part) => part.trim()));

/** The most calls `#N` may give one host, as --concurrency allows. */
const MAX_PER_HOST = 256;

/** One server as given: `gpu1:11434#8` is that server with 8 calls at once; no `#N`, --concurrency. */
export interface HostSpec {
  host: string;
  calls?: number;
}

/** `host#N` split into the host and its own limit; a `#` followed by anything else stays (and fails as a URL). */
export function hostSpec(given: string): HostSpec {
  const match = /^(.*)#(\d+)$/.exec(given);
  return match ? { host: match[1] as string, calls: Number(match[2]) } : { host: given };
}

/** A host that would only fail at the first request: refused here in one line instead. */
function hostProblem(given: string): string | undefined {
  if (given === '') return '--ollama-host must not be empty (a stray comma?)';
  const { host, calls } = hostSpec(given);
  if (calls !== undefined && (calls < 1 || calls > MAX_PER_HOST)) {
    return `--ollama-host ${redactUrl(given)}: the calls at once after # must be from 1 to ${MAX_PER_HOST}`;
  }
  let url: URL;
  try {
    url = new URL(resolveOllamaHost(host, {}));
  } catch {
    return `--ollama-host ${JSON.stringify(redactUrl(given))} is not a URL or host:port`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `--ollama-host ${redactUrl(given)} must be http:// or https://`;
  }
  if (url.hash !== '') return `--ollama-host ${redactUrl(given)}: after # comes the number of calls at once, e.g. #4`;
  return undefined;
}

/**
 * `--ollama-host`, repeatable and comma-separated: the servers the calls are spread over, each with its own
 * limit after `#` if given. Kept as given (OLLAMA_HOST and the default apply at connect), so a stored run's
 * flags say what the user typed. Idempotent: the options are parsed twice (by the command, then by connect).
 */
export const ollamaHostsSchema = z
  .preprocess(
    givenValues,
    z
      .array(z.string({ error: '--ollama-host must be a URL or host:port' }))
      .superRefine((values, ctx) => {
        const bare = values.map(credentialsWithoutScheme).find((found) => found !== undefined);
        if (bare !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `--ollama-host ${bare} gives a user and password without a scheme: put http:// or https:// before them`,
          });
          return;
        }
        const url = values.map(commaInCredentials).find((found) => found !== undefined);
        if (url === undefined) return;
        ctx.addIssue({
          code: 'custom',
          message: `--ollama-host ${url} has a comma in its user or password: commas separate hosts, so write it as %2C`,
        });
      })
      .transform(splitAtCommas)
      .pipe(
        z.array(z.string()).superRefine((hosts, ctx) => {
          const seen = new Set<string>();
          for (const given of hosts) {
            const problem = hostProblem(given);
            if (problem) {
              ctx.addIssue({ code: 'custom', message: problem });
              return;
            }
            const resolved = resolveOllamaHost(hostSpec(given).host, {});
            if (seen.has(resolved)) {
              ctx.addIssue({ code: 'custom', message: `--ollama-host names ${redactUrl(resolved)} twice` });
              return;
            }
            seen.add(resolved);
          }
        }),
      ),
  )
  .optional();

/** The run's servers with their limits: the flag's, else OLLAMA_HOST, else the local default. */
export function ollamaHostSpecs(
  hosts: readonly string[] | undefined,
  concurrency: number,
  env: NodeJS.ProcessEnv = process.env,
): { url: string; calls: number }[] {
  if (!hosts || hosts.length === 0) return [{ url: resolveOllamaHost(undefined, env), calls: concurrency }];
  return hosts.map((given) => {
    const { host, calls } = hostSpec(given);
    return { url: resolveOllamaHost(host, env), calls: calls ?? concurrency };
  });
}
