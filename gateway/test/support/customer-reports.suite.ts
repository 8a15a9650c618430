import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';

type Body = Record<string, unknown>;

const day = (offsetDays: number): string => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The Monday (UTC) of the week holding `date`. */
const mondayOf = (date: string): string => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return new Date(ms - ((new Date(ms).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * Issue 49's customer reports through the REST API: labels bought one at a time and in a batch, one voided, are
 * summed to the cent by period, service and courier, with the refund apart and the saving against the sandbox's retail
 * rates; only the customer or an admin reads them, and a bad range is a 400 saying why.
 */
export const describeCustomerReports = (mode: string, running: () => RunningSystem): void => {
  describe(`customer reports (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    const buy = async (token: string): Promise<string> => {
      const bought = await call('POST', '/orders/v2', SINGLE_LABEL_ORDER, { token, 'Idempotency-Key': `report-${Date.now()}-${Math.random()}` });
      expect(bought.status).toBe(200);
      return String((bought.body['data'] as Body)['orderId']);
    };

    it('sums labels, spend, refunds, the average label and the saving against retail per period, service and courier, and exports each table as CSV', async () => {
      const seller = await newBulkCustomer(call, adminToken, 10_000, 'report');
      const [first] = [await buy(seller.token), await buy(seller.token), await buy(seller.token)];
      const { orderId } = await submitBulk(call, seller, [bulkRow(1), bulkRow(2, { service: 'USPS Ground Advantage' })]);
      expect((await waitForBulk(call, seller.token, orderId)).status).toBe('completed');
      const voided = await call('POST', `/orders/${String(first)}/void`, undefined, { token: seller.token });
      expect(voided.status).toBe(200);

      const answer = await call('GET', `/reports/${seller.userId}?from=${day(-1)}&to=${day(1)}`, undefined, { token: seller.token });
      expect(answer.status).toBe(200);
      // Priority 2 lb: $8.50 (sandbox cost $7.30, retail $10.22, saved $1.72); Ground Advantage 2 lb: $5.75 (cost $5.00,
      // retail $7.00, saved $1.25). The voided label is bought and refunded, not spent, and saves nothing.
      expect(answer.body['totals']).toEqual({
        labels: 5,
        chargedCents: 4 * 850 + 575,
        refundedLabels: 1,
        refundedCents: 850,
        spentCents: 3 * 850 + 575,
        averageCents: 781,
        savedCents: 3 * 172 + 125,
        retailKnownLabels: 4,
      });
      expect((answer.body['periods'] as Body[]).map((p) => p['period'])).toEqual([day(-1), day(0), day(1)]);
      expect((answer.body['periods'] as Body[])[1]).toMatchObject({ labels: 5, spentCents: 3125 });
      expect((answer.body['services'] as Body[]).map((s) => [s['service'], s['labels'], s['spentCents']])).toEqual([
        ['USPS Priority Mail', 4, 2550],
        ['USPS Ground Advantage', 1, 575],
      ]);
      expect((answer.body['carriers'] as Body[]).map((c) => [c['carrier'], c['labels']])).toEqual([['usps', 5]]);

      const weekly = await call('GET', `/reports/${seller.userId}?from=${day(0)}&to=${day(0)}&groupBy=week`, undefined, { token: seller.token });
      expect(weekly.body['periods']).toEqual([expect.objectContaining({ period: mondayOf(day(0)), labels: 5 })]);

      const csv = await call('GET', `/reports/${seller.userId}/csv?from=${day(-1)}&to=${day(1)}&table=services`, undefined, { token: seller.token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="Report_services_${day(-1)}_${day(1)}.csv"`);
      expect((csv.bytes ?? Buffer.alloc(0)).toString('utf8').split('\r\n')).toEqual([
        'Service,Labels,Charged (USD),Refunded labels,Refunded (USD),Spent (USD),Average per label (USD),Saved vs retail (USD),Labels with a retail rate',
        'USPS Priority Mail,4,34.00,1,8.50,25.50,8.50,5.16,3',
        'USPS Ground Advantage,1,5.75,0,0.00,5.75,5.75,1.25,1',
        'Total,5,39.75,1,8.50,31.25,7.81,6.41,4',
        '',
      ]);
    }, 180_000);

    it('lets only the customer or an admin read a report, and refuses a bad range with a 400 saying why', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'report-owner');
      const other = await newBulkCustomer(call, adminToken, 0, 'report-other');
      expect((await call('GET', `/reports/${seller.userId}`, undefined, { token: other.token })).status).toBe(403);
      expect((await call('GET', `/reports/${seller.userId}/csv`, undefined, { token: other.token })).status).toBe(403);
      const asAdmin = await call('GET', `/reports/${seller.userId}?groupBy=month`, undefined, { token: adminToken });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toMatchObject({ userId: seller.userId, to: day(0), groupBy: 'month', totals: { labels: 0, averageCents: null } });
      expect((await call('GET', `/reports/${seller.userId}`)).status).toBe(401);

      const refused = async (query: string, words: string) => {
        const answer = await call('GET', `/reports/${seller.userId}?${query}`, undefined, { token: seller.token });
        expect([query, answer.status]).toEqual([query, 400]);
        expect(JSON.stringify(answer.body)).toContain(words);
      };
      await refused('groupBy=year', 'groupBy must be one of: day, week, month');
      await refused(`from=${day(1)}&to=${day(0)}`, 'The start date must not be after the end date');
      await refused('from=2024-01-01&to=2026-01-01', 'A report covers at most 366 days by day');
      await refused('from=03-01-2026', 'Dates are YYYY-MM-DD');
    }, 60_000);
  });
};
