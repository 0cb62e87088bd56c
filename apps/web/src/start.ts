import type { AddressInfo } from 'node:net';
import { EvalStore, LabelBook } from '@evalpacks/store';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './server/app.ts';
import type { Listening } from './server/bound-hosts.ts';

export interface Viewer {
  url: string;
  close(): Promise<void>;
}

/** Where the viewer listens: loopback only. */
const HOSTNAME = '127.0.0.1';

/**
 * Serves the viewer on loopback only, over a store opened read-only plus its labels table for labelling
 * (opened after it, so a missing store is still reported, not created). Port 0 picks a free one. It
 * answers only requests whose Host names the address and port it bound (see hostsOf).
 */
export function startViewer(
  storePath: string,
  port: number,
  options: Omit<AppOptions, 'labels' | 'listening'> = {},
): Promise<Viewer> {
  const store = EvalStore.openReadOnly(storePath);
  const book = LabelBook.open(storePath);
  let listening: Listening | undefined;
  const app = createApp(store, { ...options, labels: book, listening: () => listening });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: HOSTNAME, port }, (info: AddressInfo) => {
      listening = { address: info.address, port: info.port };
      resolve({
        url: `http://127.0.0.1:${info.port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              store.close();
              book.close();
              done();
            });
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.on('error', (error) => {
      store.close();
      book.close();
      reject(error);
    });
  });
}
