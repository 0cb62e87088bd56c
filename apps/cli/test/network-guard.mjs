// Preloaded into the CLI under test (NODE_OPTIONS=--import): records, and blocks, every attempt to
// open a TCP connection or resolve a name that is not loopback, so a test can prove nothing left
// the machine (the AWS credential chain probes the instance-metadata address unless told not to).
// With EVALPACKS_NETWORK_LOOPBACK=block, loopback connections are recorded and blocked too: an
// offline run must not even reach a local model server.

import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const LOG = process.env.EVALPACKS_NETWORK_LOG;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const BLOCK_LOOPBACK = process.env.EVALPACKS_NETWORK_LOOPBACK === 'block';
const record = (what) => {
  if (LOG) appendFileSync(LOG, `${what}\n`);
};

/** net.Socket#connect takes (options, cb), (port, host, cb), a path, or the internal normalized array. */
function targetOf(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) {
    // node:http's agent passes path: null for a TCP connection; only a string path is a Unix socket.
    return typeof first.path === 'string' ? undefined : { host: first.host ?? 'localhost', port: first.port };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: first };
  }
  return undefined; // a Unix socket path
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const target = targetOf(args);
  if (target && (BLOCK_LOOPBACK || !LOOPBACK.has(target.host))) {
    record(`connect ${target.host}:${target.port}`);
    const error = Object.assign(new Error(`network guard: blocked ${target.host}:${target.port}`), {
      code: 'ECONNREFUSED',
    });
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!LOOPBACK.has(hostname)) record(`lookup ${hostname}`);
  return lookup.call(this, LOOPBACK.has(hostname) ? hostname : 'localhost', ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = function guardedPromisesLookup(hostname, ...rest) {
  if (!LOOPBACK.has(hostname)) record(`lookup ${hostname}`);
  return promisesLookup.call(this, LOOPBACK.has(hostname) ? hostname : 'localhost', ...rest);
};
