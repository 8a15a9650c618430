// Runs one load (open or closed loop) in a forked process: scripts/bench-api/load-worker.mjs.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const workerPath = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

/**
 * Forks the load worker with `spec` and resolves with its result. `onPhase(name, hrUs)` is called when the measured
 * window opens ('measure') and closes ('end'), so the caller can read the server's CPU time at those moments.
 */
export const runLoad = (spec, { onPhase = () => undefined } = {}) =>
  new Promise((resolve, reject) => {
    const child = fork(workerPath, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.on('message', (message) => {
      if (message?.type === 'phase') onPhase(message.phase, message.hrUs);
      else if (message?.type === 'result') {
        settled = true;
        resolve(message.result);
      } else if (message?.type === 'error') {
        settled = true;
        reject(new Error(`load worker failed: ${message.message}`));
      }
    });
    child.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    // 'close', not 'exit': 'exit' can come before the last messages are read from the IPC channel (the worker sends its
    // result and exits at once), which lost a finished run's result on a busy machine; 'close' waits for the channel.
    child.once('close', (code, signal) => {
      if (!settled) reject(new Error(`load worker exited (${signal ?? code}) without a result`));
      settled = true;
    });
    child.send({ type: 'run', spec });
  });
