import { Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthAuditRpc, DomainError, ErrorCode, PricingRpc, type AnyRpcContract, type Service } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { ShippingServicesController } from './shipping-services.controller';

const SERVICE_ID = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const USER_ID = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const UNKNOWN_ID = 'a1b2c3d4-0000-4000-8000-000000000000';

const ground: Service = {
  _id: SERVICE_ID, uid: 'ups_ground', name: 'UPS Ground', maxWeight: 70, status: true, enabled: true,
  prices: [{ fromWeight: 1, toWeight: 70, price: 1_500 }], pricingMode: 'tiers', markupPercent: 0, markupCents: 0,
};

/** Pricing as the controller and the audit log see it: one service, saved as asked; an unknown id is not found. */
const pricing = { current: ground };
const rpc = {
  call: jest.fn(async (contract: AnyRpcContract, payload: unknown): Promise<unknown> => {
    const body = payload as { id?: string; serviceId?: string; pricingMode: Service['pricingMode']; markupPercent: number; markupCents: number };
    if (contract.subject === PricingRpc.setDefaultPricing.subject || contract.subject === PricingRpc.setUserPricing.subject) {
      if ((body.id ?? body.serviceId) !== SERVICE_ID) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      pricing.current = { ...pricing.current, pricingMode: body.pricingMode, markupPercent: body.markupPercent, markupCents: body.markupCents };
      return pricing.current;
    }
    if (contract.subject === PricingRpc.listDefaultServices.subject || contract.subject === PricingRpc.listUserServices.subject) return { services: [pricing.current] };
    if (contract.subject === AuthAuditRpc.record.subject) return { id: 'entry-1' };
    throw new Error(`unexpected call ${contract.subject}`);
  }),
};

@Module({ controllers: [ShippingServicesController], providers: [{ provide: RpcClient, useValue: rpc }, AuditInterceptor, { provide: APP_FILTER, useClass: HttpErrorFilter }] })
class ShippingServicesModule {}

const COST_PLUS = { pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 50 };

/** The pricing-mode routes over HTTP, as far as the gateway's own checks go (access is the guard's, tested apart). */
describe('ShippingServicesController pricing routes over HTTP', () => {
  let app: NestExpressApplication;
  let server: App;
  const calls = (contract: AnyRpcContract) => rpc.call.mock.calls.filter(([called]) => called.subject === contract.subject).map(([, payload]) => payload);

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(ShippingServicesModule, { logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    server = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => {
    rpc.call.mockClear();
    pricing.current = ground;
  });

  it("sets a default service's pricing mode and markup, answers the saved service and audits the change with both states", async () => {
    const answer = await request(server).put(`/api/defaultServices/${SERVICE_ID}/pricing`).send(COST_PLUS);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...ground, ...COST_PLUS });
    expect(calls(PricingRpc.setDefaultPricing)).toEqual([{ id: SERVICE_ID, ...COST_PLUS }]);
    expect(calls(AuthAuditRpc.record)).toEqual([
      {
        action: 'default-services.pricing',
        targetType: 'default-service',
        targetId: SERVICE_ID,
        before: expect.objectContaining({ pricingMode: 'tiers', markupPercent: 0, markupCents: 0 }),
        after: expect.objectContaining(COST_PLUS),
      },
    ]);
  });

  it("sets one user's own pricing for their copy of a service, audited against that user", async () => {
    const answer = await request(server).put(`/api/userServices/${USER_ID}/${SERVICE_ID}/pricing`).send({ pricingMode: 'tiers', markupPercent: 0, markupCents: 0 });
    expect(answer.status).toBe(200);
    expect(calls(PricingRpc.setUserPricing)).toEqual([{ userId: USER_ID, serviceId: SERVICE_ID, pricingMode: 'tiers', markupPercent: 0, markupCents: 0 }]);
    expect(calls(AuthAuditRpc.record)).toEqual([expect.objectContaining({ action: 'user.services.pricing', targetType: 'user', targetId: USER_ID })]);
  });

  it.each([
    ['a percent over 500', { ...COST_PLUS, markupPercent: 500.01 }, 'Markup percent must be between 0 and 500'],
    ['a negative percent', { ...COST_PLUS, markupPercent: -1 }, 'Markup percent must be between 0 and 500'],
    ['a percent with three decimals', { ...COST_PLUS, markupPercent: 0.505 }, 'Markup percent takes at most two decimals'],
    ['a percent as text', { ...COST_PLUS, markupPercent: '10' }, 'Markup percent must be a number'],
    ['a fraction of a cent', { ...COST_PLUS, markupCents: 12.5 }, 'Markup must be whole cents'],
    ['a fixed markup over $1,000', { ...COST_PLUS, markupCents: 100_001 }, 'Markup must be between $0.00 and $1,000.00'],
    ['an unknown mode', { ...COST_PLUS, pricingMode: 'auction' }, 'Pricing mode must be tiers or cost_markup'],
    ['no mode', { markupPercent: 10, markupCents: 0 }, 'Pricing mode must be tiers or cost_markup'],
  ])('refuses %s with a 400 saying so, and asks pricing nothing', async (_what, body, message) => {
    for (const path of [`/api/defaultServices/${SERVICE_ID}/pricing`, `/api/userServices/${USER_ID}/${SERVICE_ID}/pricing`]) {
      const answer = await request(server).put(path).send(body);
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    }
    expect(calls(PricingRpc.setDefaultPricing)).toEqual([]);
    expect(calls(PricingRpc.setUserPricing)).toEqual([]);
  });

  it('answers 404 for a service pricing does not know, as the other service routes do, and audits nothing', async () => {
    const answers = await Promise.all([
      request(server).put(`/api/defaultServices/${UNKNOWN_ID}/pricing`).send(COST_PLUS),
      request(server).put(`/api/userServices/${USER_ID}/${UNKNOWN_ID}/pricing`).send(COST_PLUS),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual([[404, 'Service not found'], [404, 'Service not found']]);
    expect(calls(AuthAuditRpc.record)).toEqual([]);
  });
});
