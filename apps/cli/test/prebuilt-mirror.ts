import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface PrebuiltMirror {
  /** For npm_config_better_sqlite3_binary_host: where prebuild-install downloads from instead of GitHub. */
  host: string;
  /** The paths asked for, to assert the install took the binary from here. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for better-sqlite3's GitHub release downloads, serving the binary this workspace
 * compiled for this very node: an npm install in a test then needs neither GitHub nor a 90-second compile.
 * It answers only the one file prebuild-install asks for on this platform, 404 to anything else.
 */
export async function startPrebuiltMirror(): Promise<PrebuiltMirror> {
  const store = createRequire(new URL('../../../packages/store/package.json', import.meta.url));
  const folder = dirname(store.resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const archive = join(mkdtempSync(join(tmpdir(), 'evalpacks-prebuilt-')), name);
  execFileSync('tar', ['czf', archive, '-C', folder, 'build/Release/better_sqlite3.node']);
  const body = readFileSync(archive);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === `/v${version}/${name}`) res.writeHead(200, { 'content-type': 'application/gzip' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
