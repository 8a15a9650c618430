import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './webhook-sender';

describe('postWebhook', () => {
  let server: Server;
  let port: number;
  const hosts: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to the address that was checked, never resolving the host name again (DNS rebinding)', async () => {
    // The name does not resolve at all: only the pinned address can have been used.
    const url = new URL(`http://rebinding.invalid:${port}/hook`);
    const result = await postWebhook({ url, address: '127.0.0.1', family: 4 }, { 'webhook-id': 'm1' }, '{}', 2_000);
    expect(result).toMatchObject({ statusCode: 204 });
    expect(hosts.at(-1)).toBe(`rebinding.invalid:${port}`);
  });

  it('answers an error, not a status, when nothing listens at the address', async () => {
    const url = new URL('http://127.0.0.1:1/hook');
    const result = await postWebhook({ url, address: '127.0.0.1', family: 4 }, {}, '{}', 2_000);
    expect(result).toMatchObject({ error: expect.stringContaining('ECONNREFUSED') });
  });
});
