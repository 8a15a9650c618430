import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';

type Body = Record<string, unknown>;

/** A small heavy parcel going far: 8 × 6 × 3 in and 15 lb from Austin to Seattle, which fits the Flat Rate Envelope. */
const SMALL_HEAVY_PARCEL = { package_length: 8, package_width: 6, package_height: 3, package_weight: 15 };
const ratesOf = (userId: string) => ({ userId, sender: SINGLE_LABEL_ORDER.sender, receiver: SINGLE_LABEL_ORDER.receiver, package: SMALL_HEAVY_PARCEL });
const MAILER = { name: 'Small mailer', lengthIn: 9, widthIn: 6, heightIn: 2, tareWeightOz: 4 };

/**
 * Issue 45, "Cheapest boxes", through the REST API: a seller's saved boxes (package presets), and the rate list showing
 * a small heavy parcel's cheaper USPS packaging (Cubic, the Flat Rate Envelope) with why it is cheaper.
 */
export const describePackagePresets = (mode: string, running: () => RunningSystem): void => {
  describe(`package presets and cheaper packaging (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    it('saves, lists, changes and deletes a seller\'s boxes, owner or admin only, with clear refusals', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'presets');
      const other = await newBulkCustomer(call, adminToken, 0, 'presets-other');
      const as = (who: { token: string }) => ({ token: who.token });

      const saved = await call('POST', `/packages/${seller.userId}`, { ...MAILER, name: '  Small mailer ' }, as(seller));
      expect(saved.status).toBe(201);
      expect(saved.body).toEqual({ id: expect.any(String), ...MAILER });
      const id = String(saved.body['id']);

      expect((await call('POST', `/packages/${seller.userId}`, MAILER, as(seller))).status).toBe(409);
      const bad = await call('POST', `/packages/${seller.userId}`, { ...MAILER, name: 'Crate', lengthIn: 0 }, as(seller));
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('Length must be greater than 0');

      const changed = await call('PUT', `/packages/${seller.userId}/${id}`, { ...MAILER, tareWeightOz: 5 }, as(seller));
      expect(changed).toMatchObject({ status: 200, body: { id, tareWeightOz: 5 } });
      expect((await call('GET', `/packages/${seller.userId}`, undefined, as(seller))).body).toEqual({ presets: [{ id, ...MAILER, tareWeightOz: 5 }] });
      expect((await call('GET', `/packages/${seller.userId}`, undefined, { token: adminToken })).status).toBe(200);

      expect((await call('GET', `/packages/${seller.userId}`, undefined, as(other))).status).toBe(403);
      expect((await call('DELETE', `/packages/${seller.userId}/${id}`, undefined, as(other))).status).toBe(403);
      expect((await call('PUT', `/packages/${other.userId}/${id}`, MAILER, as(other))).status).toBe(404);

      expect((await call('DELETE', `/packages/${seller.userId}/${id}`, undefined, as(seller))).status).toBe(200);
      expect((await call('DELETE', `/packages/${seller.userId}/${id}`, undefined, as(seller))).status).toBe(404);
      expect((await call('GET', `/packages/${seller.userId}`, undefined, as(seller))).body).toEqual({ presets: [] });
    }, 60_000);

    it('lists a Flat Rate or Cubic option cheaper than by weight for a small heavy parcel, with its reason, when the price follows the cost', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'cheaper-box');
      const services = (await call('GET', `/userServices/${seller.userId}`, undefined, { token: seller.token })).body as unknown as Array<{ _id: string; uid: string }>;
      const priority = services.find((service) => service.uid === 'usps_priority')!;
      const priced = await call('PUT', `/userServices/${seller.userId}/${priority._id}/pricing`, { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50 }, { token: adminToken });
      expect(priced.status).toBe(200);

      const answer = await call('POST', '/rates', ratesOf(seller.userId), { token: seller.token });

      expect(answer.status).toBe(200);
      const rates = answer.body['rates'] as Body[];
      const ownBox = rates.find((rate) => rate['offeringUid'] === 'usps_priority' && !rate['packaging'])!;
      const packaged = rates.filter((rate) => rate['offeringUid'] === 'usps_priority' && rate['packaging']);
      expect(packaged.map((rate) => (rate['packaging'] as Body)['kind'])).toEqual(expect.arrayContaining(['flat_rate_envelope']));
      for (const rate of packaged) {
        expect(Number(rate['priceCents'])).toBeLessThan(Number(ownBox['priceCents']));
        expect(rate['tags']).toEqual([]);
        expect(rate).not.toHaveProperty('costCents');
        const saving = ((Number(ownBox['priceCents']) - Number(rate['priceCents'])) / 100).toFixed(2);
        expect(rate['packaging']).toMatchObject({ id: expect.any(String), reason: expect.stringMatching(new RegExp(`: \\$${saving} less than 15 lb by weight$`)) });
      }
      expect(packaged.find((rate) => (rate['packaging'] as Body)['kind'] === 'flat_rate_envelope')!['packaging']).toMatchObject({ name: 'Priority Mail Flat Rate Envelope' });
      expect(rates.filter((rate) => (rate['tags'] as string[]).includes('cheapest')).every((rate) => !rate['packaging'])).toBe(true);

      const onTiers = await newBulkCustomer(call, adminToken, 0, 'tiers-box');
      const tierRates = (await call('POST', '/rates', ratesOf(onTiers.userId), { token: onTiers.token })).body['rates'] as Body[];
      expect(tierRates.length).toBeGreaterThan(0);
      expect(tierRates.filter((rate) => rate['packaging'])).toEqual([]);
    }, 60_000);

    it('buys the label in the Flat Rate Envelope at the compared price, and refuses, uncharged, a packaging the parcel cannot use', async () => {
      const seller = await newBulkCustomer(call, adminToken, 100_00, 'buys-envelope');
      const services = (await call('GET', `/userServices/${seller.userId}`, undefined, { token: seller.token })).body as unknown as Array<{ _id: string; uid: string }>;
      const priority = services.find((service) => service.uid === 'usps_priority')!;
      await call('PUT', `/userServices/${seller.userId}/${priority._id}/pricing`, { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50 }, { token: adminToken });
      const rates = (await call('POST', '/rates', ratesOf(seller.userId), { token: seller.token })).body['rates'] as Body[];
      const envelope = rates.find((rate) => (rate['packaging'] as Body | undefined)?.['id'] === 'flat_rate_envelope')!;
      const order = { ...SINGLE_LABEL_ORDER, package: { ...SMALL_HEAVY_PARCEL, package_packaging: 'flat_rate_envelope' } };

      const bought = await call('POST', '/orders/v2', order, { token: seller.token, 'idempotency-key': `envelope-${seller.userId}` });

      expect(bought.status).toBe(200);
      expect((await call('GET', '/auth/api/balance', undefined, { token: seller.token })).body['balance']).toBe(100_00 - Number(envelope['priceCents']));

      const thick = { ...order, package: { ...order.package, package_height: 6 } };
      const refused = await call('POST', '/orders/v2', thick, { token: seller.token, 'idempotency-key': `thick-${seller.userId}` });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused).toMatchObject({ status: 400, body: { message: 'USPS Priority Mail is not sold in that packaging for this parcel: it does not fit, or the service has no such packaging. Choose another rate' } });
      expect((await call('GET', '/auth/api/balance', undefined, { token: seller.token })).body['balance']).toBe(100_00 - Number(envelope['priceCents']));

      // On weight tiers the price is the same, and the carrier itself says the parcel does not fit: nothing charged.
      const onTiers = await newBulkCustomer(call, adminToken, 100_00, 'tiers-envelope');
      const tooThick = await call('POST', '/orders/v2', thick, { token: onTiers.token, 'idempotency-key': `thick-${onTiers.userId}` });
      expect(tooThick.status).toBe(502);
      expect(String(tooThick.body['message'])).toMatch(/^Label could not be created: .*does not fit inside the Priority Mail Flat Rate Envelope\. You have not been charged\.$/);
      expect((await call('GET', '/auth/api/balance', undefined, { token: onTiers.token })).body['balance']).toBe(100_00);
    }, 60_000);
  });
};
