import express from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendBuiltFile } from './built-file';

describe('sendBuiltFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'built-file-'));
  const file = join(dir, 'app-1a2b.js');
  const app = express();
  app.get('/app.js', (_req, res, next) => sendBuiltFile(res, file, next));
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ message: 'INTERNAL' });
  });
  const server = app.listen(0, '127.0.0.1');
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/app.js`;

  beforeAll(async () => {
    if (!server.listening) await new Promise((listening) => server.once('listening', listening));
  });

  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a file of the build', async () => {
    writeFileSync(file, 'console.log(1);');
    const answer = await fetch(url());
    expect([answer.status, await answer.text()]).toEqual([200, 'console.log(1);']);
  });

  it('answers 404, not 500, for a listed file that a rebuild has since removed', async () => {
    rmSync(file, { force: true });
    const answer = await fetch(url());
    expect([answer.status, await answer.json()]).toEqual([404, { message: 'Not found' }]);
  });
});
