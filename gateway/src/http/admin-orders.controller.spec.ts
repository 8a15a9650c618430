import { Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthRpc, OrdersAdminListRpc, type AnyRpcContract } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import request from 'supertest';
import type { App } from 'supertest/types';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { AdminOrdersController } from './admin-orders.controller';

const CUSTOMER_ID = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const BATCH_ID = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const CARRIER_REFUSED = 'Carrier must be one of: sandbox, easypost, usps';

const row = {
  kind: 'single', id: 'o1', userId: CUSTOMER_ID, createdAt: '2031-05-06T07:08:09.000Z', status: 'completed', serviceName: 'USPS Priority Mail', labels: 1, totalCount: 1,
  failedCount: 0, chargedCents: 850, trackingNumber: '9205', pdfName: 'label.pdf', resultCSVName: null, autoConfirmCSVName: null, failureReason: null,
  carriers: ['easypost'], costCents: 795, marginCents: 55, labelsWithoutCost: 0,
};

/** The orders and auth services as the controller sees them: what it asked, and fixed answers. */
const rpc = {
  call: jest.fn(async (contract: AnyRpcContract, _payload: unknown): Promise<unknown> => {
    if (contract.subject === OrdersAdminListRpc.list.subject) return { items: [row], total: 1 };
    if (contract.subject === AuthRpc.listUsers.subject) return { users: [{ id: CUSTOMER_ID, name: 'Ann', email: 'ann@example.com' }] };
    return { items: [], total: 0, costs: { carriers: [], costCents: null, marginCents: null, labelsWithoutCost: 0 } };
  }),
};

@Module({ controllers: [AdminOrdersController], providers: [{ provide: RpcClient, useValue: rpc }, { provide: APP_FILTER, useClass: HttpErrorFilter }] })
class AdminOrdersModule {}

/** The admin Orders & Labels routes over HTTP, as far as the gateway's own checks go (access is the guard's, tested apart). */
describe('AdminOrdersController over HTTP', () => {
  let app: NestExpressApplication;
  let server: App;
  const get = (path: string) => request(server).get(`/api/admin/orders${path}`);
  const payloadOf = (contract: AnyRpcContract) => rpc.call.mock.calls.find(([called]) => called.subject === contract.subject)?.[1];

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(AdminOrdersModule, { logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    server = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => rpc.call.mockClear());

  it('passes a known carrier on to the orders service and answers its rows with the owner and the costs', async () => {
    const answer = await get('?carrier=easypost&kind=single');
    expect(answer.status).toBe(200);
    expect(payloadOf(OrdersAdminListRpc.list)).toEqual({ carrier: 'easypost', kind: 'single', page: 1, limit: 20 });
    expect(answer.body).toEqual({ total: 1, items: [{ ...row, userName: 'Ann', userEmail: 'ann@example.com' }] });
  });

  it.each([
    ['an unknown carrier', '?carrier=fedex'],
    ['a carrier in other letters', '?carrier=EasyPost'],
    ['an empty carrier', '?carrier='],
    ['a carrier given twice', '?carrier=usps&carrier=sandbox'],
  ])('refuses %s with a 400 naming the known carriers, and asks no service', async (_what, query) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: CARRIER_REFUSED, issues: [{ path: 'carrier', message: CARRIER_REFUSED }] });
    expect(rpc.call).not.toHaveBeenCalled();
  });

  it("asks for a batch's bought labels a page at a time, 25 unless told, and refuses a page over 100 with a 400", async () => {
    expect((await get(`/batch/${BATCH_ID}/labels?page=2`)).status).toBe(200);
    expect(payloadOf(OrdersAdminListRpc.batchLabels)).toEqual({ bulkOrderId: BATCH_ID, page: 2, limit: 25 });
    const tooMany = await get(`/batch/${BATCH_ID}/labels?limit=101`);
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
