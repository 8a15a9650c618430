import { Body, Controller, Get, HttpCode, Module, Param, Post, Query, Req, type RawBodyRequest } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import request from 'supertest';
import type { App } from 'supertest/types';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { Public } from '../auth/access.decorators';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { BAD_INPUT_MESSAGE } from './bad-input.middleware';
import { UNCOMPRESSED_ONLY } from '../errors/http-error.filter';
import { useJsonBodies } from './json-body.middleware';
import { NOT_AN_OBJECT, ZodBody } from './zod-body.pipe';

const rowCount = (body: unknown, key: string): number => {
  const rows = body && typeof body === 'object' && key in body ? (body as Record<string, unknown>)[key] : null;
  return Array.isArray(rows) ? rows.length : -1;
};

/**
 * Stand-ins for the real routes, at their real paths: the limits and checks are matched by path, and which routes are
 * public by their declared policy. No guard runs here: a credential is only looked for, never checked.
 */
@Controller()
class EchoController {
  @Post('auth/register')
  @Public()
  register(@Body(new ZodBody(z.object({ name: z.string() }))) body: { name: string }): { name: string } {
    return body;
  }

  @Post('auth/save-address/:userId')
  @HttpCode(200)
  saveAddress(@Body() body: unknown): { received: boolean } {
    return { received: body !== undefined };
  }

  @Post('auth/add-sku/:userId')
  @HttpCode(200)
  addSkus(@Body() body: unknown): { rows: number } {
    return { rows: rowCount(body, 'parsedData') };
  }

  @Post('orders/price/v2/bulk')
  @HttpCode(200)
  price(@Body() body: unknown): { rows: number } {
    return { rows: rowCount(body, 'shipments') };
  }

  @Post('orders/bulk/process/:userId')
  @HttpCode(200)
  process(@Body() body: unknown): { rows: number } {
    return { rows: rowCount(body, 'orderData') };
  }

  @Post('payment/webhook')
  @Public()
  @HttpCode(200)
  webhook(@Req() req: RawBodyRequest<Request>): { rawBytes: number } {
    return { rawBytes: req.rawBody?.length ?? -1 };
  }

  @Post('webhooks/carriers/easypost')
  @Public()
  @HttpCode(200)
  easypost(@Req() req: RawBodyRequest<Request>): { rawBytes: number } {
    return { rawBytes: req.rawBody?.length ?? -1 };
  }

  @Get('auth/get-address/:userId')
  addresses(@Param('userId') userId: string, @Query('page') page?: string): { userId: string; page: string | null } {
    return { userId, page: page ?? null };
  }
}

@Module({ controllers: [EchoController], providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }] })
class EchoModule {}

const MB = 1024 * 1024;
// Bodies of up to 40 MB go through supertest here, seconds each on a loaded machine: these tests check what is
// refused, not how fast, so jest's 5-second default must not decide them.
jest.setTimeout(60_000);
/** A JSON body of about `bytes` bytes. */
const padded = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });
/** A SKU row at the field maxima, in a script of 3 bytes a character. */
const widestSku = (i: number) => ({ sku: `${'型'.repeat(58)}${String(i).padStart(6, '0')}`, maxQty: '10000', weight: '149.99', length: '107.99', width: '107.99', height: '107.99', description: '說'.repeat(200) });
/** A full shipment (spec 7: a quote may send the whole row). */
const fullShipment = (i: number) => ({
  courier: 'usps', service_name: 'USPS Priority Mail', manifested: false,
  sender: { sender_name: 'Ann Sender', sender_phone: '555-111-2222', sender_company: 'Acme', sender_address1: '1 Main St', sender_address2: '', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
  receiver: { receiver_name: `Bob ${i}`, receiver_phone: '', receiver_company: '', receiver_address1: `${100 + i} Pine Ave`, receiver_address2: '', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2, package_weight_unit: 'LB', package_description: 'Mug' },
});

/**
 * Sends the head of a request and `part` of its body over a raw socket and never the rest: answers what the server
 * wrote back once it closed the connection (a server that waits for the rest of the body never answers).
 */
const sendOnlyTheStart = (url: string, head: string, part: Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(part);
    });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
  });

describe('useJsonBodies', () => {
  let app: NestExpressApplication;
  let server: App;
  let url: string;
  /** A signed-in client's request (the token is never checked here: no guard runs). */
  const post = (path: string, body: string | Buffer, contentType = 'application/json') => anonymous(path, body, contentType).set('token', 'a-session-token');
  const anonymous = (path: string, body: string | Buffer, contentType = 'application/json') => request(server).post(`/api${path}`).set('content-type', contentType).send(body);

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(EchoModule, { logger: false, rawBody: true });
    app.setGlobalPrefix('api');
    useJsonBodies(app);
    await app.listen(0, '127.0.0.1');
    server = app.getHttpServer() as App;
    url = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  describe('limits', () => {
    it('accepts a body just under 2 MB on an ordinary route and refuses one over it with a 413 naming the limit', async () => {
      expect((await post('/auth/register', padded(2 * MB - 100))).status).toBe(201);
      const over = await post('/auth/register', padded(2 * MB + 100));
      expect([over.status, over.body]).toEqual([413, { message: 'The request is larger than the 2 MB limit. Split the upload into smaller files.', code: 'PAYLOAD_TOO_LARGE' }]);
    });

    it('accepts a SKU import of 5,000 rows with every field at its maximum in a 3-byte script, and refuses 8 MB', async () => {
      const body = JSON.stringify({ parsedData: Array.from({ length: 5_000 }, (_, i) => widestSku(i)) });
      expect(Buffer.byteLength(body)).toBeGreaterThan(4 * MB);
      expect((await post('/auth/add-sku/u1', body)).body).toEqual({ rows: 5_000 });
      const over = await post('/auth/add-sku/u1', padded(8 * MB + 100));
      expect([over.status, over.body['message']]).toEqual([413, 'The request is larger than the 8 MB limit. Split the upload into smaller files.']);
    });

    it('accepts a quote of 10,000 full shipments', async () => {
      const body = JSON.stringify({ userId: 'u1', shipments: Array.from({ length: 10_000 }, (_, i) => fullShipment(i)) });
      expect(Buffer.byteLength(body)).toBeGreaterThan(6 * MB);
      expect((await post('/orders/price/v2/bulk', body)).body).toEqual({ rows: 10_000 });
    });

    it('accepts 10,000 bulk rows and refuses a bulk body over 40 MB', async () => {
      const body = JSON.stringify({ orderId: 'o1', orderData: Array.from({ length: 10_000 }, (_, i) => ({ ...fullShipment(i), package: { ...fullShipment(i).package, order_id: `114-${i}`, sku_number: 'MUG-1', quantity: 1 } })) });
      expect((await post('/orders/bulk/process/u1', body)).body).toEqual({ rows: 10_000 });
      expect((await post('/orders/bulk/process/u1', padded(40 * MB + 100))).status).toBe(413);
      // Two bodies of tens of megabytes through a real socket: seconds on a loaded 2-core machine.
    }, 30_000);

    it.each([
      ['an EasyPost event', '/webhooks/carriers/easypost', { object: 'Event', description: 'tracker.updated', result: { object: 'Tracker', tracking_details: Array.from({ length: 20 }, (_, i) => ({ message: `Scan ${i}`, status: 'in_transit' })) } }],
      ['a BTCPay event', '/payment/webhook', { deliveryId: 'd-1', webhookId: 'w-1', type: 'InvoiceSettled', invoiceId: 'inv-1', storeId: 's-1', timestamp: 1764000000 }],
    ])('keeps the exact bytes of %s, and refuses one over 256 KB with a 413 naming the limit', async (_what, path, body) => {
      const event = JSON.stringify(body);
      expect((await post(path, event)).body).toEqual({ rawBytes: Buffer.byteLength(event) });
      expect((await post(path, padded(256 * 1024 - 100))).status).toBe(200);
      const over = await post(path, padded(256 * 1024 + 100));
      expect([over.status, over.body]).toEqual([413, { message: 'The request is larger than the 256 KB limit. Split the upload into smaller files.', code: 'PAYLOAD_TOO_LARGE' }]);
    });

    it.each(['/api/webhooks/carriers/easypost', '/api/payment/webhook'])('refuses a webhook to %s announcing 20 MB at once, without waiting for the rest, and closes the connection', async (path) => {
      const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${20 * MB}\r\n\r\n`;
      const answer = await sendOnlyTheStart(url, head, Buffer.from(`{"pad":"${'x'.repeat(64 * 1024)}`));
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    });

    it.each(['/api/webhooks/carriers/easypost', '/api/payment/webhook'])('refuses a chunked webhook to %s as soon as it passes 256 KB, without waiting for the rest', async (path) => {
      const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const chunk = `{"pad":"${'x'.repeat(300 * 1024)}`;
      const answer = await sendOnlyTheStart(url, head, Buffer.from(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`));
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('256 KB limit');
    });

    it('refuses a compressed body with a 415 that says to send it uncompressed, without inflating it', async () => {
      const send = (path: string, body: Buffer) => fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', token: 'a-session-token' }, body });
      // 40 KB of gzip that would inflate to 40 MB, on the route with the largest limit, and a small one on a webhook.
      const bomb = gzipSync(padded(40 * MB - 100), { level: 9 });
      expect(bomb.length).toBeLessThan(100 * 1024);
      for (const [path, body] of [['/orders/bulk/process/u1', bomb], ['/auth/register', gzipSync('{"name":"a"}')], ['/webhooks/carriers/easypost', gzipSync('{"object":"Event"}')]] as const) {
        const answer = await send(path, body);
        expect([path, answer.status, await answer.json()]).toEqual([path, 415, { message: UNCOMPRESSED_ONLY, code: 'VALIDATION_FAILED' }]);
      }
    });
  });

  describe('bodies sent with no credential', () => {
    const UNAUTHENTICATED = { message: 'Authentication required', code: 'UNAUTHENTICATED' };

    it('answers a 40 MB body announced to a signed-in route with no credential 401 at once, without reading it, and closes the connection', async () => {
      const parse = jest.spyOn(JSON, 'parse');
      try {
        const head = `POST /api/orders/bulk/process/u1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${40 * MB}\r\n\r\n`;
        const answer = await sendOnlyTheStart(url, head, Buffer.from(`{"orderData":["${'x'.repeat(64 * 1024)}`));
        expect(answer).toMatch(/^HTTP\/1\.1 401 /);
        expect(answer).toMatch(/connection: close/i);
        expect(answer).toContain(JSON.stringify(UNAUTHENTICATED));
        expect(parse.mock.calls.filter(([text]) => String(text).length > 1024)).toEqual([]);
      } finally {
        parse.mockRestore();
      }
    });

    it('answers every signed-in route, and a path no route has, 401 before reading a body sent with no credential, however small', async () => {
      for (const path of ['/orders/bulk/process/u1', '/orders/price/v2/bulk', '/auth/add-sku/u1', '/auth/save-address/u1', '/no/such/route']) {
        const answer = await anonymous(path, '{"orderData":[]}');
        expect([path, answer.status, answer.body]).toEqual([path, 401, UNAUTHENTICATED]);
      }
      // Gzip or not: the missing credential is said first.
      const gzipped = await anonymous('/orders/bulk/process/u1', gzipSync('{}')).set('content-encoding', 'gzip');
      expect([gzipped.status, gzipped.body]).toEqual([401, UNAUTHENTICATED]);
    });

    it('reads the body of a public route from anyone, and of a signed-in route sent with a token or an API key', async () => {
      expect((await anonymous('/auth/register', '{"name":"Ann"}')).body).toEqual({ name: 'Ann' });
      expect((await anonymous('/webhooks/carriers/easypost/', '{"object":"Event"}')).body).toEqual({ rawBytes: 18 });
      expect((await anonymous('/PAYMENT/webhook', '{}')).body).toEqual({ rawBytes: 2 });
      expect((await post('/auth/add-sku/u1', '{"parsedData":[{}]}')).body).toEqual({ rows: 1 });
      expect((await anonymous('/auth/add-sku/u1', '{"parsedData":[{},{}]}').set('authorization', 'Bearer ld_live_x')).body).toEqual({ rows: 2 });
      // A request without a body is the guard's to answer (here, with no guard, the handler's).
      expect((await request(server).get('/api/auth/get-address/u1')).body).toEqual({ userId: 'u1', page: null });
    });
  });

  describe('bad text', () => {
    it('refuses a null character in any string with a 400 naming the field', async () => {
      const answer = await post('/auth/save-address/u1', JSON.stringify({ formData: { name: 'Ann\u0000' } }));
      expect([answer.status, answer.body]).toEqual([400, { message: BAD_INPUT_MESSAGE.nullCharacter, code: 'VALIDATION_FAILED', issues: [{ path: 'formData.name', message: BAD_INPUT_MESSAGE.nullCharacter }] }]);
    });

    it('refuses a lone surrogate sent as a JSON escape, in a value or in a key', async () => {
      for (const body of ['{"formData":{"name":"a\\ud800b"}}', '{"formData":{"na\\udc00me":"a"}}']) {
        const answer = await post('/auth/save-address/u1', body);
        expect([answer.status, answer.body['message']]).toEqual([400, BAD_INPUT_MESSAGE.invalidCharacter]);
      }
    });

    it('accepts a surrogate pair written as two escapes', async () => {
      expect((await post('/auth/register', '{"name":"box \\ud83d\\udce6"}')).body).toEqual({ name: 'box 📦' });
    });

    it('refuses a body nested 1,000 deep with a 400, and a 40 MB one on the bulk route before parsing it', async () => {
      const answer = await post('/auth/register', `{"name":${'['.repeat(1_000)}${']'.repeat(1_000)}}`);
      expect([answer.status, answer.body]).toEqual([400, { message: BAD_INPUT_MESSAGE.tooDeep, code: 'VALIDATION_FAILED' }]);
      // Refused from the bytes: the 40 MB text never reaches JSON.parse (a check on what ran, not on how long it took).
      const parse = jest.spyOn(JSON, 'parse');
      try {
        const huge = await post('/orders/bulk/process/u1', '['.repeat(20 * MB) + ']'.repeat(20 * MB - 10));
        expect([huge.status, huge.body['message']]).toEqual([400, BAD_INPUT_MESSAGE.tooDeep]);
        expect(parse.mock.calls.filter(([text]) => String(text).length > MB)).toEqual([]);
      } finally {
        parse.mockRestore();
      }
    });

    it('refuses a null character in a route param or a query value', async () => {
      expect((await request(server).get('/api/auth/get-address/u1%00')).body).toEqual({ message: BAD_INPUT_MESSAGE.nullCharacter, code: 'VALIDATION_FAILED' });
      expect((await request(server).get('/api/auth/get-address/u1?page=1%00')).status).toBe(400);
      expect((await request(server).get('/api/auth/get-address/%ED%A0%80')).body['message']).toBe(BAD_INPUT_MESSAGE.invalidCharacter);
      expect((await request(server).get('/api/auth/get-address/caf%C3%A9?page=2')).body).toEqual({ userId: 'café', page: '2' });
    });
  });

  describe('content types and shapes', () => {
    it('refuses a JSON body sent as text or as a form with a 415 that says to send JSON', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const answer = await post('/auth/register', JSON.stringify({ name: 'Ann', pad: 'x'.repeat(200_000) }), type);
        expect([answer.status, answer.body]).toEqual([415, { message: BAD_INPUT_MESSAGE.notJson, code: 'VALIDATION_FAILED' }]);
      }
    });

    it('answers an empty body with the route\'s own validation message, not a 500', async () => {
      const answer = await request(server).post('/api/auth/register').set('content-type', 'application/json');
      expect([answer.status, answer.body['message']]).toEqual([400, 'Invalid input: expected string, received undefined']);
      expect((await request(server).post('/api/auth/save-address/u1').set('content-type', 'text/plain').send('')).status).toBe(200);
    });

    it('says a list or a bare value is not the object a form sends, and that broken JSON is not JSON', async () => {
      expect((await post('/auth/register', '[1,2]')).body).toMatchObject({ message: NOT_AN_OBJECT });
      expect((await post('/auth/register', '{"name":')).body).toEqual({ message: 'The request body is not valid JSON', code: 'VALIDATION_FAILED' });
    });

    it('refuses any content encoding but identity with a clear 415, and takes identity', async () => {
      const answer = await post('/auth/register', '{"name":"a"}').set('content-encoding', 'compress');
      expect([answer.status, answer.body['message']]).toEqual([415, UNCOMPRESSED_ONLY]);
      expect((await post('/auth/register', '{"name":"a"}').set('content-encoding', 'Identity')).body).toEqual({ name: 'a' });
    });

    it('keeps the exact bytes of a webhook for its signature check', async () => {
      expect((await post('/payment/webhook', '{ "type": "InvoiceSettled" }')).body).toEqual({ rawBytes: 28 });
    });
  });
});
