import { FakeEasyPostServer } from '@labeldesk/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EasyPostClient, normaliseError, retryAfterMs } from './easypost.client';

describe('EasyPostClient', () => {
  describe('Retry-After', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');

    it('reads delta-seconds and HTTP dates in milliseconds', () => {
      expect(retryAfterMs('2', now)).toBe(2000);
      expect(retryAfterMs(' 0 ', now)).toBe(0);
      expect(retryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
      expect(retryAfterMs('Sun, 01 Mar 2026 11:59:00 GMT', now)).toBe(0);
    });

    it('ignores an absent or unreadable header', () => {
      expect(retryAfterMs(null, now)).toBeNull();
      expect(retryAfterMs('soon', now)).toBeNull();
      expect(retryAfterMs('-5', now)).toBeNull();
    });
  });

  it("stands the HTTP status in for a body that is not EasyPost's (a proxy's HTML 502)", () => {
    expect(normaliseError('<html>Bad gateway</html>', 502)).toEqual({ code: 'HTTP_502', message: 'EasyPost answered HTTP 502', errors: [] });
    expect(normaliseError({ error: { code: 'X', message: 'm', errors: [{ field: 'f', message: ['a', 'b'] }, 7] } }, 422)).toEqual({
      code: 'X',
      message: 'm',
      errors: [{ code: null, field: 'f', message: 'a b' }],
    });
  });

  describe('over HTTP', () => {
    let fake: FakeEasyPostServer;
    beforeEach(async () => {
      fake = new FakeEasyPostServer();
      await fake.start();
    });
    afterEach(async () => {
      await fake.up();
      await fake.stop();
    });

    it('signs in with the API key as the Basic user name and reads the request uuid', async () => {
      const reply = await new EasyPostClient({ apiKey: fake.apiKey, apiUrl: fake.url }).getShipment('shp_none');
      expect(reply).toMatchObject({ kind: 'error', status: 404, error: { code: 'NOT_FOUND' }, requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      const wrong = await new EasyPostClient({ apiKey: 'EZTKwrong', apiUrl: fake.url }).getShipment('shp_none');
      expect(wrong).toMatchObject({ kind: 'error', status: 401 });
    });

    it('passes Retry-After on with a 429', async () => {
      fake.rateLimitNext(4);
      expect(await new EasyPostClient({ apiKey: fake.apiKey, apiUrl: fake.url }).getShipment('shp_none')).toMatchObject({ kind: 'error', status: 429, retryAfterMs: 4000 });
    });

    it('tells a refused connection (nothing sent) from a time-out (maybe done)', async () => {
      // Impatient only where the step hangs: the refusal is asked with a time-out no slow machine reaches.
      const impatient = new EasyPostClient({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 200 });
      fake.hangNextStepBeforeBuy();
      expect(await impatient.createShipment({} as never)).toMatchObject({ kind: 'network', failure: 'timeout' });
      fake.down();
      // Until fetch has seen its kept-alive connections dropped it may send on one and meet a reset: asked again (a
      // bounded number of times) until a new connection meets the state wanted, refused.
      const client = new EasyPostClient({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
      let outcome = await client.getShipment('shp_none');
      for (let tries = 1; tries < 20 && outcome.kind === 'network' && outcome.failure === 'reset'; tries++) outcome = await client.getShipment('shp_none');
      expect(outcome).toMatchObject({ kind: 'network', failure: 'refused' });
    });
  });

  describe('against a server that misbehaves', () => {
    let server: Server;
    let url: string;
    beforeEach(async () => {
      server = createServer((req, res) => {
        if (req.url?.includes('half')) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          // Cut once the half body has left, so the client has its headers and part of the body first.
          res.write('{"id":', () => res.socket?.destroy());
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html>ok</html>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterEach(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('says the answer was lost when the connection closes half-way through the body', async () => {
      expect(await new EasyPostClient({ apiKey: 'k', apiUrl: url }).getShipment('half')).toMatchObject({ kind: 'network', failure: 'reset' });
    });

    it('says a 2xx that is not JSON cannot be read', async () => {
      expect(await new EasyPostClient({ apiKey: 'k', apiUrl: url }).getShipment('shp_1')).toMatchObject({ kind: 'network', failure: 'unreadable' });
    });

    it('never sends the API key to the label file host, and refuses addresses that are not http(s)', async () => {
      let authorization: string | undefined = 'unset';
      server.removeAllListeners('request');
      server.on('request', (req, res) => {
        authorization = req.headers.authorization;
        res.end('%PDF-1.7');
      });
      const client = new EasyPostClient({ apiKey: 'secret', apiUrl: url });
      expect(await client.downloadFile(`${url}/label.pdf`)).toMatchObject({ kind: 'ok', bytes: Buffer.from('%PDF-1.7') });
      expect(authorization).toBeUndefined();
      expect(await client.downloadFile('file:///etc/passwd')).toEqual({ kind: 'error', status: 0 });
    });
  });
});
