// Loaded with `node --import` into the CLI under test: every TCP connection attempt is reported on
// stderr and refused, so a test can prove a run never touched the network. Unix-domain sockets (a
// parent process's IPC) are not network and pass.
import net from 'node:net';

const connect = net.Socket.prototype.connect;

net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect() hands over its normalised arguments as one array: [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  if (options.path !== undefined) return connect.apply(this, args);
  process.stderr.write(`no-network: blocked a connection to ${options.host ?? 'localhost'}:${options.port}\n`);
  process.nextTick(() => this.destroy(Object.assign(new Error('no-network: blocked'), { code: 'ECONNREFUSED' })));
  return this;
};
