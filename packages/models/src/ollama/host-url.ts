// No imports: the CLI reads --ollama-host at start-up, before it loads any model client.

export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/**
 * The host to talk to: an explicit flag, else OLLAMA_HOST, else the local default. ollama-js
 * never reads OLLAMA_HOST itself. Like the Ollama CLI, a bare `host` or `host:port` means
 * http and port 11434, and `:port` means localhost.
 */
export function resolveOllamaHost(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  const raw = flag?.trim() || env.OLLAMA_HOST?.trim();
  if (!raw) return DEFAULT_OLLAMA_HOST;
  if (raw.includes('://')) return raw.replace(/\/+$/, '');
  const bare = raw.startsWith(':') ? `127.0.0.1${raw}` : raw;
  const hostPort = bare.split('/')[0] ?? bare;
  // Checked on the text, not via URL.port, which reads an explicit ':80' as no port.
  const hasPort = /^(\[[^\]]*\]|[^:]*):\d+$/.test(hostPort);
  return `http://${hasPort ? bare : bare.replace(hostPort, `${hostPort}:11434`)}`.replace(/\/+$/, '');
}
