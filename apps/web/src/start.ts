import type { AddressInfo } from 'node:net';
import { EvalStore, LabelBook } from '@evalpacks/store';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './server/app.ts';

export interface Viewer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the viewer on loopback only, over a store opened read-only plus its labels table for labelling
 * (opened after it, so a missing store is still reported, not created). Port 0 picks a free one.
 */
export function startViewer(storePath: string, port: number, options: AppOptions = {}): Promise<Viewer> {
  const store = EvalStore.openReadOnly(storePath);
  const book = LabelBook.open(storePath);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: createApp(store, { ...options, labels: book }).fetch, hostname: '127.0.0.1', port },
      (info: AddressInfo) => {
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
      },
    );
    server.on('error', (error) => {
      store.close();
      book.close();
      reject(error);
    });
  });
}
