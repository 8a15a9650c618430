import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, type Api } from './bulk-api';

type Body = Record<string, unknown>;

const TEE = { sku: 'TEE-1', maxQty: 4, weight: 0.4, length: 10, width: 8, height: 2, description: 'Cotton T-shirt' };

/**
 * Issue 46 through the spec's SKU routes (decision 100): a SKU carries customs defaults (HS tariff number, origin
 * country, one unit's value in cents) beside its old fields, which keep their shapes; bad ones are refused in words.
 */
export const describeSkuCustoms = (mode: string, running: () => RunningSystem): void => {
  describe(`SKU customs defaults (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    it('saves, lists and changes a SKU\'s HS code, origin and value, keeping them when a change leaves them out', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'sku-customs');
      const as = { token: seller.token };
      const added = await call('POST', `/auth/add-sku/${seller.userId}`, { parsedData: [{ ...TEE, hsTariffNumber: '6109.10.0012', originCountry: 'pt', valueCents: 1250 }, { ...TEE, sku: 'MUG-1' }] }, as);
      expect(added.status).toBe(201);
      const listed = (await call('GET', `/auth/get-sku/${seller.userId}`, undefined, as)).body['SkuData'] as Body[];
      expect(listed).toEqual([
        { _id: expect.any(String), ...TEE, packagingWeight: 0, hsTariffNumber: '6109100012', originCountry: 'PT', valueCents: 1250 },
        { _id: expect.any(String), ...TEE, sku: 'MUG-1', packagingWeight: 0, hsTariffNumber: null, originCountry: null, valueCents: null },
      ]);
      const id = String(listed[0]?.['_id']);

      // A client written before the customs fields sends none: what was saved stays.
      const kept = await call('POST', `/auth/update-sku/${seller.userId}/${id}`, { skuData: { ...TEE, maxQty: 6 } }, as);
      expect(kept).toMatchObject({ status: 200, body: { maxQty: 6, hsTariffNumber: '6109100012', originCountry: 'PT', valueCents: 1250 } });
      const cleared = await call('POST', `/auth/update-sku/${seller.userId}/${id}`, { skuData: { ...TEE, hsTariffNumber: '', originCountry: 'CN', valueCents: 990 } }, as);
      expect(cleared).toMatchObject({ status: 200, body: { hsTariffNumber: null, originCountry: 'CN', valueCents: 990 } });
    }, 60_000);

    it('refuses a bad HS code, country or value with the row and the reason, and saves nothing', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'sku-customs-bad');
      const as = { token: seller.token };
      const bad = await call(
        'POST',
        `/auth/add-sku/${seller.userId}`,
        { parsedData: [{ ...TEE, hsTariffNumber: '6109' }, { ...TEE, sku: 'B', originCountry: 'Atlantis' }, { ...TEE, sku: 'C', valueCents: 'ten' }] },
        as,
      );
      expect(bad.status).toBe(400);
      const text = JSON.stringify(bad.body);
      expect(text).toContain('Row 1: HS tariff number must be 6 to 10 digits, e.g. 6109.10');
      expect(text).toContain('Row 2: Origin country must be a country, e.g. US or China');
      expect(text).toContain('Row 3: Customs value must be a number');
      expect((await call('GET', `/auth/get-sku/${seller.userId}`, undefined, as)).body['SkuData']).toEqual([]);

      const saved = await call('POST', `/auth/add-sku/${seller.userId}`, { parsedData: [TEE] }, as);
      const id = String(((saved.body['added'] as Body[])[0] ?? {})['_id']);
      const badChange = await call('POST', `/auth/update-sku/${seller.userId}/${id}`, { skuData: { ...TEE, valueCents: -5 } }, as);
      expect(badChange.status).toBe(400);
      expect(JSON.stringify(badChange.body)).toContain('Customs value must be greater than 0');
    }, 60_000);
  });
};
