import { Worker } from 'node:worker_threads';

/** Worker bootstrap for the TypeScript sources: compile `.ts` on require with @swc/core, then load the entry. */
const TS_BOOTSTRAP = `'use strict';
const { workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { transformSync } = require(workerData.__swcCore);
const options = { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
Module._extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
require(workerData.__entry);
`;

/** Under jest this file, like every workspace file, is loaded from its TypeScript source. */
const RUNNING_FROM_SOURCES = __filename.endsWith('.ts');

/**
 * A worker thread running `entry`. Built JS runs as it is; from the sources (jest) the entry, or what it requires,
 * is TypeScript, which Node 20 cannot run in a worker, so it starts from a small bootstrap that compiles .ts with
 * @swc/core (the devDependency jest already uses). The worker reads its own fields from `workerData` (the
 * bootstrap's two extra ones start with `__`).
 */
export const startWorkerThread = (entry: string, workerData: Record<string, unknown> = {}): Worker => {
  if (!RUNNING_FROM_SOURCES && !entry.endsWith('.ts')) return new Worker(entry, { workerData });
  return new Worker(TS_BOOTSTRAP, { eval: true, workerData: { ...workerData, __entry: entry, __swcCore: require.resolve('@swc/core') } });
};
