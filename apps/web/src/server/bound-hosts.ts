/** Where the server listens, as `server.address()` gives it once it does. */
export interface Listening {
  address: string;
  port: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The Host header values that name the viewer's own address: on loopback `127.0.0.1:PORT`,
 * `localhost:PORT` and `[::1]:PORT`, else the bound address and port alone (port 80 also without it, as
 * browsers send it). A page of another site whose name was made to resolve to this address (DNS
 * rebinding) sends its own name as the Host, which is none of these. Lower case: host names are not
 * case-sensitive, and the caller compares in lower case.
 */
export function hostsOf(listening: Listening): Set<string> {
  const address = listening.address.toLowerCase();
  const names = LOOPBACK.has(address)
    ? ['127.0.0.1', 'localhost', '[::1]']
    : [address.includes(':') ? `[${address}]` : address];
  const hosts = new Set(names.map((name) => `${name}:${listening.port}`));
  if (listening.port === 80) for (const name of names) hosts.add(name);
  return hosts;
}
