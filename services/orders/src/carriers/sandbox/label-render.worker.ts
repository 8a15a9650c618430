/**
 * Entry of a label render worker thread (started by LabelRenderPool): renders sandbox labels off the main thread.
 * Built to dist/carriers/sandbox/label-render.worker.js next to render-pool.js; from the TypeScript sources (jest)
 * the pool loads it through a small bootstrap that compiles .ts with @swc/core.
 */
import { parentPort } from 'node:worker_threads';
import { renderSandboxLabel } from './sandbox-label';
import { serveRenderRequests } from './render-worker-protocol';

if (!parentPort) throw new Error('label-render.worker must run as a worker thread (LabelRenderPool starts it)');
serveRenderRequests(parentPort, renderSandboxLabel);
