import { Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AdminReportRpc, AuthRpc, type AdminReportFigures, type AnyRpcContract } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import request from 'supertest';
import type { App } from 'supertest/types';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { AdminReportsController } from './admin-reports.controller';

const ANN = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const GONE = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const figures: AdminReportFigures = { labels: 1, revenueCents: 850, costCents: 795, marginCents: 55, withoutCost: { labels: 0, revenueCents: 0 }, givenBack: { labels: 0, cents: 0 } };

/** The orders and auth services as the controller sees them: what it asked, and fixed answers. */
const rpc = {
  call: jest.fn(async (contract: AnyRpcContract, payload: unknown): Promise<unknown> => {
    if (contract.subject === AuthRpc.listUsers.subject) return { users: [{ id: ANN, name: 'Ann, "the" seller', email: 'ann@example.com' }] };
    const { from, to } = payload as { from: string; to: string };
    return { from, to, totals: figures, byDay: [{ day: from, ...figures }], byCarrier: [{ carrier: 'easypost', courier: 'ups', ...figures }], topCustomers: [{ userId: ANN, ...figures }, { userId: GONE, ...figures }] };
  }),
};

@Module({ controllers: [AdminReportsController], providers: [{ provide: RpcClient, useValue: rpc }, { provide: APP_FILTER, useClass: HttpErrorFilter }] })
class AdminReportsModule {}

/** The admin reports' routes over HTTP, as far as the gateway's own work goes (access is the guard's, tested apart). */
describe('AdminReportsController over HTTP', () => {
  let app: NestExpressApplication;
  let server: App;
  const get = (path: string) => request(server).get(`/api/admin/reports${path}`);
  const payloadOf = (contract: AnyRpcContract) => rpc.call.mock.calls.find(([called]) => called.subject === contract.subject)?.[1];

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(AdminReportsModule, { logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    server = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => rpc.call.mockClear());

  it("asks orders for the span and names each top customer from auth, a deleted account's figures kept without a name", async () => {
    const answer = await get('?from=2026-11-01&to=2026-11-01&top=2');
    expect(answer.status).toBe(200);
    expect(payloadOf(AdminReportRpc.figures)).toEqual({ from: '2026-11-01', to: '2026-11-01', top: 2 });
    expect(answer.body.topCustomers).toEqual([
      { userId: ANN, name: 'Ann, "the" seller', email: 'ann@example.com', ...figures },
      { userId: GONE, name: null, email: null, ...figures },
    ]);
  });

  it('asks for the last 30 UTC days, today included, when no day is given', async () => {
    await get('');
    const asked = payloadOf(AdminReportRpc.figures) as { from: string; to: string; top: number };
    expect(asked.to).toBe(new Date().toISOString().slice(0, 10));
    expect((Date.parse(asked.to) - Date.parse(asked.from)) / 86_400_000).toBe(29);
    expect(asked.top).toBe(10);
  });

  it('writes the asked table as a CSV download named after its span, a name with a comma quoted', async () => {
    const answer = await get('/csv?table=customers&from=2026-11-01&to=2026-11-02');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="Admin_report_customers_2026-11-01_2026-11-02.csv"');
    expect(answer.text.split('\r\n').slice(0, 3)).toEqual([
      'Customer,Email,Labels,Revenue (USD),Carrier cost (USD),Margin (USD)',
      '"Ann, ""the"" seller",ann@example.com,1,8.50,7.95,0.55',
      'Deleted account,,1,8.50,7.95,0.55',
    ]);
  });

  it('refuses a backwards span, an unknown table and too many customers with a 400 saying why, before asking anyone', async () => {
    const backwards = await get('?from=2026-11-02&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('The start date must not be after the end date');
    expect((await get('/csv?table=users')).status).toBe(400);
    expect((await get('?top=500')).status).toBe(400);
    expect(rpc.call).not.toHaveBeenCalled();
  });
});
