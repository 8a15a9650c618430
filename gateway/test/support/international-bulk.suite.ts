import { customsFromSkus, type BulkOrderItemInput, type CustomsInput, type SkuRecord } from '@labeldesk/contracts';
import type { RunningSystem } from '@labeldesk/testing';
import { pdfText } from './pdf-text';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';

type Body = Record<string, unknown>;

const ABROAD_SERVICE = 'USPS Priority Mail International';
const TEE = { sku: 'TEE-1', maxQty: 4, weight: 0.4, length: 10, width: 8, height: 2, description: 'Cotton T-shirt' };
const TEE_ABROAD = { ...TEE, hsTariffNumber: '6109.10', originCountry: 'PT', valueCents: 1250 };
const MUG = { sku: 'MUG-1', maxQty: 4, weight: 1.2, length: 6, width: 6, height: 6, description: 'Ceramic mug', originCountry: 'CN', valueCents: 900 };

const toCanada = { receiver_name: 'Chloé Tremblay', receiver_address1: '24 Sussex Dr', receiver_city: 'Ottawa', receiver_state_province: 'ON', receiver_zip_postal: 'K1M 1M4', receiver_country: 'CA' };
const toGermany = { receiver_name: 'Jonas Weber', receiver_address1: 'Unter den Linden 77', receiver_city: 'Berlin', receiver_state_province: '', receiver_zip_postal: '10117', receiver_country: 'DE' };

/** A row as an API client sends it: the fields it leaves out are empty to the contract. */
const row = (receiver: Body, sku: string, quantity: number, customs: CustomsInput | undefined, serviceName = ABROAD_SERVICE): BulkOrderItemInput =>
  ({
    service_name: serviceName,
    sender: SINGLE_LABEL_ORDER.sender,
    receiver,
    package: { sku_number: sku, quantity, package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    ...(customs ? { customs } : {}),
  }) as unknown as BulkOrderItemInput;

/**
 * Issue 46's bulk side (decision 100) through the REST API. A SKU carries customs defaults (HS tariff number, origin
 * country, one unit's value in cents) beside its old fields, on the spec's SKU routes, which keep their shapes. Rows to Canada and Germany with customs filled from their
 * SKUs, as the Bulk Order page fills them, and a German row whose item has no HS code: that row fails with its reason,
 * before a carrier is asked, and the others are bought and charged.
 */
export const describeInternationalBulk = (mode: string, running: () => RunningSystem): void => {
  describe(`SKU customs defaults and bulk rows abroad (${mode} mode)`, () => {
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
      const added = await call('POST', `/auth/add-sku/${seller.userId}`, { parsedData: [{ ...TEE, hsTariffNumber: '6109.10.0012', originCountry: 'pt', valueCents: 1250, declaredValueCents: 4000 }, { ...TEE, sku: 'MUG-1' }] }, as);
      expect(added.status).toBe(201);
      // Two SKUs saved in one call share their creation time, so the list may give them in either order: read by SKU.
      const listed = ((await call('GET', `/auth/get-sku/${seller.userId}`, undefined, as)).body['SkuData'] as Body[]).sort((a, b) => String(b['sku']).localeCompare(String(a['sku'])));
      expect(listed).toEqual([
        { _id: expect.any(String), ...TEE, packagingWeight: 0, hsTariffNumber: '6109100012', originCountry: 'PT', valueCents: 1250, declaredValueCents: 4000 },
        { _id: expect.any(String), ...TEE, sku: 'MUG-1', packagingWeight: 0, hsTariffNumber: null, originCountry: null, valueCents: null, declaredValueCents: null },
      ]);
      const id = String(listed[0]?.['_id']);

      // A client written before the customs fields sends none: what was saved stays.
      const kept = await call('POST', `/auth/update-sku/${seller.userId}/${id}`, { skuData: { ...TEE, maxQty: 6 } }, as);
      expect(kept).toMatchObject({ status: 200, body: { maxQty: 6, hsTariffNumber: '6109100012', originCountry: 'PT', valueCents: 1250, declaredValueCents: 4000 } });
      const cleared = await call('POST', `/auth/update-sku/${seller.userId}/${id}`, { skuData: { ...TEE, hsTariffNumber: '', originCountry: 'CN', valueCents: 990, declaredValueCents: '' } }, as);
      expect(cleared).toMatchObject({ status: 200, body: { hsTariffNumber: null, originCountry: 'CN', valueCents: 990, declaredValueCents: null } });
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

    it('buys the rows to Canada and Germany whose customs came from their SKUs, and fails only the German row with no HS code', async () => {
      const seller = await newBulkCustomer(call, adminToken, 20_000, 'bulk-abroad');
      const as = { token: seller.token };
      expect((await call('POST', `/auth/add-sku/${seller.userId}`, { parsedData: [TEE_ABROAD, MUG] }, as)).status).toBe(201);
      const skus = (await call('GET', `/auth/get-sku/${seller.userId}`, undefined, as)).body['SkuData'] as SkuRecord[];
      const fill = (receiver: typeof toCanada, sku: string, quantity: number): CustomsInput => {
        const filled = customsFromSkus({ receiver: { country: receiver.receiver_country, state: receiver.receiver_state_province }, lines: [{ sku, quantity }], signer: 'Ann Sender' }, skus);
        if (!filled?.ok) throw new Error(`no customs for ${sku}: ${JSON.stringify(filled)}`);
        return filled.customs;
      };
      // The page refuses the mug's row to Germany itself; an API client sends the declaration without the HS code.
      expect(customsFromSkus({ receiver: { country: 'DE', state: '' }, lines: [{ sku: 'MUG-1', quantity: 1 }], signer: 'Ann Sender' }, skus)).toEqual({
        ok: false,
        message: 'SKU MUG-1 has no HS code; Germany requires one',
      });
      const mugWithoutHs: CustomsInput = { ...fill(toCanada, 'MUG-1', 1) };

      const before = await balanceOf(call, seller.token);
      const { orderId, processed } = await submitBulk(call, seller, [
        row(toCanada, 'TEE-1', 2, fill(toCanada, 'TEE-1', 2)),
        row(toGermany, 'TEE-1', 1, fill(toGermany, 'TEE-1', 1)),
        row(toGermany, 'MUG-1', 1, mugWithoutHs),
        row(SINGLE_LABEL_ORDER.receiver, 'TEE-1', 1, undefined, SINGLE_LABEL_ORDER.service_name),
      ]);
      expect(processed.status).toBe(200);
      expect(String(processed.body['message'])).toContain('3 label(s) are being bought. 1 row(s) failed for their customs.');
      const done = await waitForBulk(call, seller.token, orderId);
      expect(done).toMatchObject({ status: 'completed_with_errors', totalCount: 4, processedCount: 3, failedCount: 1 });
      // The refused row was never held: what was held is what the three labels cost.
      expect(processed.body['costCents']).toBe(done.bulkOrderData.cost);
      expect(done.failedLabels).toEqual([
        expect.objectContaining({ row: 3, skuNumber: 'MUG-1', recipient: 'Jonas Weber', error: expect.stringMatching(/Ceramic mug.*HS tariff number.*Germany requires one/) }),
      ]);
      // Only the three labels bought were charged.
      expect(before - (await balanceOf(call, seller.token))).toBe(done.bulkOrderData.cost);
      expect(done.bulkOrderData.cost).toBeGreaterThan(0);
      // The customs the rows carried went to the purchase: the batch's labels print them (the sandbox's forms).
      const pdf = await call('GET', `/orders/download/pdf/${orderId}`, undefined, as);
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.bytes ?? Buffer.alloc(0));
      for (const shown of ['Cotton T-shirt', '$25.00', '$12.50', 'HS 6109', 'Ottawa'.toUpperCase(), 'BERLIN']) expect(text).toContain(shown);
      expect(text).not.toContain('Ceramic mug');
    }, 120_000);

    it("buys rows abroad declared from their own customs columns, without SKUs, the Canadian row at the seller's Canada tiers (decision 116)", async () => {
      const seller = await newBulkCustomer(call, adminToken, 30_000, 'bulk-abroad-columns');
      const services = (await call('GET', `/userServices/${seller.userId}`, undefined, { token: adminToken })).body as unknown as Array<{ _id: string; uid: string; maxWeight: number }>;
      const priority = services.find((service) => service.uid === 'usps_priority_international');
      if (!priority) throw new Error('the seller has no Priority Mail International');
      const canadaTiers = [{ fromWeight: 1, toWeight: 5, price: 5_500 }, { fromWeight: 6, toWeight: priority.maxWeight, price: 8_000 }];
      expect((await call('PUT', `/userServices/${seller.userId}/${priority._id}/groupPrices`, { group: 'canada', prices: canadaTiers }, { token: adminToken })).status).toBe(200);
      // As the Bulk Order page declares a row from its Contents Type, Customs Description, HS Code, Origin and Value columns.
      const fromColumns = (receiver: typeof toCanada, contentsType: string): CustomsInput => {
        const columns = { contentsType, description: 'Ceramic mug', hsTariffNumber: '6912.00', originCountry: 'China', value: '14.50', parcelWeightLb: 2, quantity: 2 };
        const filled = customsFromSkus({ receiver: { country: receiver.receiver_country, state: receiver.receiver_state_province }, lines: [], signer: 'Ann Sender', columns }, []);
        if (!filled?.ok) throw new Error(`no customs from the columns: ${JSON.stringify(filled)}`);
        return filled.customs;
      };

      const { orderId, processed } = await submitBulk(call, seller, [row(toCanada, '', 2, fromColumns(toCanada, 'Gift')), row(toGermany, '', 2, fromColumns(toGermany, ''))]);
      expect([processed.status, processed.body['message']]).toEqual([200, expect.stringContaining('2 label(s)')]);
      const done = await waitForBulk(call, seller.token, orderId);
      expect(done).toMatchObject({ status: 'completed', processedCount: 2, failedCount: 0 });
      // Canada at the seller's tier; Germany, a group without tiers, at the sandbox's $60.00 for 2 lb + 10 % + 50 cents.
      expect(done.bulkOrderData.cost).toBe(5_500 + (6_000 + 600 + 50));
      const text = pdfText((await call('GET', `/orders/download/pdf/${orderId}`, undefined, { token: seller.token })).bytes ?? Buffer.alloc(0));
      for (const shown of ['[X] GIFT', '[X] MERCHANDISE', 'Ceramic mug', '$29.00', 'HS 691200', 'CN']) expect(text).toContain(shown);
    }, 120_000);

    it('fails a row abroad sent without customs, naming the country, and buys the row at home', async () => {
      const seller = await newBulkCustomer(call, adminToken, 20_000, 'bulk-abroad-none');
      const { orderId, processed } = await submitBulk(call, seller, [
        row(toCanada, 'TEE-1', 1, undefined),
        row(SINGLE_LABEL_ORDER.receiver, 'TEE-1', 1, undefined, SINGLE_LABEL_ORDER.service_name),
      ]);
      expect(processed.status).toBe(200);
      const done = await waitForBulk(call, seller.token, orderId);
      expect(done).toMatchObject({ status: 'completed_with_errors', processedCount: 1, failedCount: 1 });
      expect(done.failedLabels[0]?.error).toContain('Customs is required for a label to Canada');

      // A batch of nothing but such rows is refused whole: nothing to buy, nothing held.
      const before = await balanceOf(call, seller.token);
      const alone = await submitBulk(call, seller, [row(toCanada, 'TEE-1', 1, undefined)]);
      expect(alone.processed.status).toBe(400);
      expect(String(alone.processed.body['message'])).toContain('Row 1: Customs is required for a label to Canada');
      expect(await balanceOf(call, seller.token)).toBe(before);
    }, 120_000);
  });
};
