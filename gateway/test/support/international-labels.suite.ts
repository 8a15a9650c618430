import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { pdfText } from './pdf-text';

type Body = Record<string, unknown>;

const SENDER = SINGLE_LABEL_ORDER.sender;
const item = (description: string, valueCents: number, hs: string, origin = 'US') => ({
  description,
  quantity: 2,
  value_cents: valueCents,
  weight_lb: 0.8,
  hs_tariff_number: hs,
  origin_country: origin,
});
const CUSTOMS = {
  contents_type: 'merchandise',
  non_delivery_option: 'return',
  signer: 'Ann Sender',
  items: [item('Cotton T-shirt', 3_000, '6109.10'), item('Ceramic mug', 1_450, '6912.00', 'CN')],
};
const receiverIn = (country: string, state: string, zip: string, city: string) => ({
  receiver_name: 'Grace Receiver',
  receiver_address1: '10 High Street',
  receiver_city: city,
  receiver_state_province: state,
  receiver_zip_postal: zip,
  receiver_country: country,
});
const orderTo = (receiver: Body, service: string, customs: Body = CUSTOMS) => ({
  service_name: service,
  sender: SENDER,
  receiver,
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
  customs,
});

/** Labels abroad with customs (issue 46, decision 098) through the REST API of a running system, on the sandbox. */
export const describeInternationalLabels = (mode: string, running: () => RunningSystem): void => {
  describe(`labels abroad with customs (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    const buy = (who: { token: string }, order: Body) => call('POST', '/orders/v2', order, { token: who.token, 'Idempotency-Key': `abroad-${Date.now()}-${Math.random()}` });

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it.each([
      ['Canada', receiverIn('CA', 'ON', 'K1A 0B1', 'Ottawa'), 'USPS Priority Mail International', 'CN 22', 'NOEEI 30.36'],
      ['the United Kingdom', receiverIn('GB', '', 'SW1A 1AA', 'London'), 'USPS Priority Mail Express International', 'CN 22', 'NOEEI 30.37(a)'],
      ['Germany', receiverIn('DE', '', '10115', 'Berlin'), 'DHL Express Worldwide', 'COMMERCIAL INVOICE', 'NOEEI 30.37(a)'],
    ])('buys a label to %s whose PDF carries its customs form with every item, value and HS code, charged once', async (_country, receiver, service, form, filing) => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'abroad');
      const bought = await buy(who, orderTo(receiver, service));
      expect([bought.status, bought.body['message']]).toEqual([200, undefined]);
      const data = bought.body['data'] as Body;
      const price = Number(data['price']);
      expect(price).toBeGreaterThan(0);
      expect(await balanceOf(call, who.token)).toBe(100_000 - price);
      const file = await call('GET', `/orders/download/v2/${String(data['pdfName'])}`, undefined, { token: who.token });
      expect(file.status).toBe(200);
      const text = pdfText(file.bytes ?? Buffer.alloc(0));
      for (const shown of [`${form} ATTACHED`, 'Cotton T-shirt', '$30.00', 'HS 610910', 'Ceramic mug', '$14.50', 'HS 691200', '$44.50', filing, 'ANN SENDER']) expect(text).toContain(shown);
    });

    it('prices a label abroad at the carrier cost plus the markup, never under it, and offers the services abroad only', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'abroad-rates');
      const rates = await call('POST', '/rates', { userId: who.userId, sender: SENDER, receiver: receiverIn('CA', 'ON', 'K1A 0B1', 'Ottawa'), package: orderTo({}, '').package }, { token: who.token });
      expect(rates.status).toBe(200);
      const offered = rates.body['rates'] as Body[];
      expect(offered.map((rate) => rate['service'])).toEqual(expect.arrayContaining(['USPS Priority Mail International', 'DHL Express Worldwide']));
      expect(offered.map((rate) => rate['service'])).not.toContain('USPS Priority Mail');
      // The sandbox's cost to Canada for 2 lb by Priority Mail International is $49.00: + 10 % + 50 cents.
      expect(offered.find((rate) => rate['service'] === 'USPS Priority Mail International')?.['priceCents']).toBe(4_900 + 490 + 50);
    });

    it('refuses a label to Germany whose item has no HS code, naming the item, and moves no money', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'abroad-hs');
      const customs = { ...CUSTOMS, items: [CUSTOMS.items[0], { ...CUSTOMS.items[1], hs_tariff_number: '' }] };
      const refused = await buy(who, orderTo(receiverIn('DE', '', '10115', 'Berlin'), 'DHL Express Worldwide', customs));
      expect(refused.status).toBe(400);
      expect(refused.body['message']).toBe('Item 2 (Ceramic mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item');
      expect(refused.body['issues']).toEqual([{ path: 'customs.items.1.hs_tariff_number', message: refused.body['message'] }]);
      expect(await balanceOf(call, who.token)).toBe(100_000);
      expect((await call('GET', `/orders/${who.userId}`, undefined, { token: who.token })).body['orders']).toEqual([]);
    });

    it('refuses a $2,600 Schedule B line without an ITN and moves no money; with the ITN the label is bought', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'abroad-itn');
      const customs = { ...CUSTOMS, items: [item('Road bicycle', 260_000, '8712.00')] };
      const receiver = receiverIn('GB', '', 'SW1A 1AA', 'London');
      const refused = await buy(who, orderTo(receiver, 'USPS Priority Mail International', customs));
      expect(refused.status).toBe(400);
      expect(refused.body['message']).toBe(
        'An ITN is required because the Schedule B line 871200 (Road bicycle) is worth $2,600.00, over $2,500.00. File the export in AESDirect and enter its ITN',
      );
      expect(await balanceOf(call, who.token)).toBe(100_000);
      expect((await call('GET', `/orders/${who.userId}`, undefined, { token: who.token })).body['orders']).toEqual([]);
      const filed = await buy(who, orderTo(receiver, 'USPS Priority Mail International', { ...customs, itn: 'X20261130123456' }));
      expect(filed.status).toBe(200);
      const file = await call('GET', `/orders/download/v2/${String((filed.body['data'] as Body)['pdfName'])}`, undefined, { token: who.token });
      const text = pdfText(file.bytes ?? Buffer.alloc(0));
      expect(text).toContain('CP 72');
      expect(text).toContain('AES X20261130123456');
    });

    it('buys a USPS Priority Mail label to an APO address with the CN 22 behind it listing every item, value and HS code, and refuses one without customs (decision 123)', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'apo');
      const apo = receiverIn('US', 'AE', '09001', 'APO');
      const { customs: _none, ...bare } = orderTo(apo, 'USPS Priority Mail');
      const refused = await buy(who, bare);
      expect([refused.status, refused.body['message']]).toEqual([400, 'Customs is required for a label to AE (a military or territory address); add the contents, the items and who signs']);

      const bought = await buy(who, orderTo(apo, 'USPS Priority Mail'));
      expect([bought.status, bought.body['message']]).toEqual([200, undefined]);
      const data = bought.body['data'] as Body;
      expect(await balanceOf(call, who.token)).toBe(100_000 - Number(data['price']));
      const file = await call('GET', `/orders/download/v2/${String(data['pdfName'])}`, undefined, { token: who.token });
      const [labelPage, form] = pdfText(file.bytes ?? Buffer.alloc(0)).split('\f');
      expect(labelPage).toContain('USPS PRIORITY MAIL');
      for (const shown of ['CUSTOMS DECLARATION CN 22', 'Cotton T-shirt', '$30.00', 'HS 610910', 'Ceramic mug', '$14.50', 'HS 691200', '$44.50', 'ANN SENDER']) expect(form).toContain(shown);
    });

    it('refuses a label abroad without customs, and a Canadian address without its province, before any money moves', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'abroad-none');
      const { customs: _none, ...bare } = orderTo(receiverIn('CA', 'ON', 'K1A 0B1', 'Ottawa'), 'USPS Priority Mail International');
      const refused = await buy(who, bare);
      expect([refused.status, refused.body['message']]).toEqual([400, 'Customs is required for a label to Canada; add the contents, the items and who signs']);
      const noProvince = await buy(who, orderTo(receiverIn('CA', '', 'K1A 0B1', 'Ottawa'), 'USPS Priority Mail International'));
      expect([noProvince.status, noProvince.body['message']]).toEqual([400, 'Recipient province is required for Canada']);
      expect(await balanceOf(call, who.token)).toBe(100_000);
    });
  });
};
