export { type AppOptions, createApp } from './server/app.ts';
export { startViewer, type Viewer } from './start.ts';
