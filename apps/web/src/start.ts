import type { AddressInfo } from 'node:net';
import { EvalStore } from '@evalpacks/store';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './server/app.ts';

export interface Viewer {
  url: string;
  close(): Promise<void>;
}

/** Serves the viewer over a store opened read-only, on loopback only. Port 0 picks a free one. */
export function startViewer(storePath: string, port: number, options: AppOptions = {}): Promise<Viewer> {
  const store = EvalStore.openReadOnly(storePath);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: createApp(store, options).fetch, hostname: '127.0.0.1', port },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}/`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                store.close();
                done();
              });
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.on('error', (error) => {
      store.close();
      reject(error);
    });
  });
}
