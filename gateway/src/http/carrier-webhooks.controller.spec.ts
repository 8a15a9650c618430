import { Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerModule } from '@nestjs/throttler';
import { RpcClient } from '@labeldesk/nest-transport';
import request from 'supertest';
import type { App } from 'supertest/types';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { useJsonBodies } from './json-body.middleware';
import { CarrierPushesController } from './label-lifecycle.controller';
import { PaymentsController } from './payments.controller';
import { WEBHOOK_POSTS_PER_MINUTE } from './retry-after-throttler.guard';

/** Orders and payments as the controllers see them: every signature good. */
const rpc = { call: jest.fn(async () => ({ accepted: true, outcome: 'ignored' })) };

/** The gateway's throttlers as app.module declares them (names and windows; the limits are the defaults). */
@Module({
  imports: [ThrottlerModule.forRoot({ throttlers: [{ name: 'auth', ttl: 60_000, limit: 20 }, { name: 'topup', ttl: 60_000, limit: 10 }] })],
  controllers: [CarrierPushesController, PaymentsController],
  providers: [{ provide: RpcClient, useValue: rpc }, { provide: APP_FILTER, useClass: HttpErrorFilter }],
})
class CarrierWebhooksModule {}

describe.each([
  ['EasyPost', '/api/webhooks/carriers/easypost', '{"description":"tracker.updated"}'],
  ['BTCPay', '/api/payment/webhook', '{"type":"InvoiceSettled","invoiceId":"inv-1"}'],
])('the %s webhook (POST %s)', (_sender, path, event) => {
  let app: NestExpressApplication;
  let server: App;
  const post = (from: string) => request(server).post(path).set('x-forwarded-for', from).set('content-type', 'application/json').send(event);

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(CarrierWebhooksModule, { logger: false, rawBody: true });
    app.set('trust proxy', true);
    app.setGlobalPrefix('api');
    useJsonBodies(app);
    await app.init();
    server = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => rpc.call.mockClear());

  it('answers 429 with Retry-After once one client address has sent its 600 a minute, while another address is still served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_POSTS_PER_MINUTE; i++) statuses.push((await post('203.0.113.7')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await post('203.0.113.7');
    expect([over.status, over.body['code']]).toEqual([429, 'RATE_LIMITED']);
    expect(over.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(rpc.call).toHaveBeenCalledTimes(WEBHOOK_POSTS_PER_MINUTE);
    expect((await post('198.51.100.9')).status).toBe(200);
  }, 60_000);
});

describe('the carriers push route', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(CarrierWebhooksModule, { logger: false, rawBody: true });
    app.setGlobalPrefix('api');
    useJsonBodies(app);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => rpc.call.mockClear());

  it('answers 404 for a carrier that is not one of ours, asking no service', async () => {
    const answer = await request(app.getHttpServer() as App).post('/api/webhooks/carriers/fedex').set('content-type', 'application/json').send('{}');
    expect(answer.status).toBe(404);
    expect(rpc.call).not.toHaveBeenCalled();
  });

  it("relays the exact body and the headers to the carrier's service, which knows the signature header", async () => {
    const body = '{"description":"tracker.updated","id":"evt_1"}';
    await request(app.getHttpServer() as App).post('/api/webhooks/carriers/easypost').set('content-type', 'application/json').set('X-Hmac-Signature', 'hmac-sha256-hex=00').send(body);
    expect(rpc.call).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'orders.carrier-push.v1' }),
      expect.objectContaining({ carrier: 'easypost', body, headers: expect.objectContaining({ 'x-hmac-signature': 'hmac-sha256-hex=00' }) }),
      expect.anything(),
    );
  });
});
