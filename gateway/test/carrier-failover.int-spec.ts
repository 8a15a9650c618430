import { generateCallerKeys } from '@labeldesk/nest-transport';
import { START_TIMEOUT_MS, startDistributed, startEmbedded, startHookTimeout } from '@labeldesk/testing';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describeCarrierFailover } from './support/carrier-failover.suite';

// A batch bought under EasyPost's rate limits, and orders killed mid-buy, are files of their own
// (carrier-rate-limited-batch, carrier-buys-killed): each is minutes of one worker, run beside the others.
describeCarrierFailover('distributed', (env) => startDistributed(env));
describeCarrierFailover('embedded', (env) => startEmbedded(env));

describe('orders started with CARRIERS=easypost and no EASYPOST_API_KEY', () => {
  const root = resolve(__dirname, '../..');

  it('exits at once (its own process) naming EASYPOST_API_KEY and nothing else', async () => {
    const keys = generateCallerKeys();
    // Everything else orders needs is there: the key is the only thing wrong.
    const env = { PATH: process.env['PATH'], CARRIERS: 'easypost', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres', CALLER_KEY: keys.keys.orders, CALLER_TRUST: keys.trust };
    const child = spawn(process.execPath, [join(root, 'services/orders/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => {
      // Only a process that hangs is killed: one booting slowly on a busy machine is waited for.
      const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        done(exitCode);
      });
    });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual(['orders: invalid environment:', '  - EASYPOST_API_KEY: required by CARRIERS=easypost (easypost)']);
  }, startHookTimeout());

  it('stops the embedded product at start-up, naming EASYPOST_API_KEY', async () => {
    await expect(startEmbedded({ CARRIERS: 'easypost', EASYPOST_API_KEY: undefined })).rejects.toThrow(/EASYPOST_API_KEY: required by CARRIERS=easypost \(easypost\)/);
  }, startHookTimeout());
});
