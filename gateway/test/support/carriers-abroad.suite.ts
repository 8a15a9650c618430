import { adminTokenOf } from './bulk-api';
import { easyPostShipmentOf, tiersUpTo } from './carrier-fakes';
import { awaitRig, CARRIER_ORDER, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import { labelStateOf } from './lifecycle-api';
import { pdfText } from './pdf-text';
import { downloaded, eventsRead, listedOrder, trackingShown } from './seller-view';

type Body = Record<string, unknown>;

/** Two lines with HS numbers (the EU requires them), values and weights for the whole line. */
const CUSTOMS = {
  contents_type: 'merchandise',
  non_delivery_option: 'return',
  signer: 'Ann Sender',
  items: [
    { description: 'Cotton T-shirt', quantity: 2, value_cents: 3_000, weight_lb: 0.8, hs_tariff_number: '6109.10', origin_country: 'US' },
    { description: 'Ceramic mug', quantity: 1, value_cents: 1_450, weight_lb: 0.9, hs_tariff_number: '6912.00', origin_country: 'CN' },
  ],
};

const RECEIVERS: Readonly<Record<'CA' | 'GB' | 'DE', Body>> = {
  CA: { receiver_name: 'Jean Tremblay', receiver_address1: '100 Queen St W', receiver_city: 'Toronto', receiver_state_province: 'ON', receiver_zip_postal: 'M5H 2N2', receiver_country: 'CA' },
  GB: { receiver_name: 'Oliver Smith', receiver_address1: '10 Downing Street', receiver_city: 'London', receiver_state_province: '', receiver_zip_postal: 'SW1A 2AA', receiver_country: 'GB' },
  DE: { receiver_name: 'Lena Vogel', receiver_address1: 'Unter den Linden 77', receiver_city: 'Berlin', receiver_state_province: '', receiver_zip_postal: '10117', receiver_country: 'DE' },
};

const orderTo = (country: keyof typeof RECEIVERS, service: string, courier?: string): Body => ({
  ...CARRIER_ORDER,
  service_name: service,
  ...(courier ? { courier } : {}),
  receiver: RECEIVERS[country],
  customs: CUSTOMS,
});

/** Services abroad cost more than the rig's domestic tiers: tiers over their costs, so none is refused as under cost. */
const ABROAD_TIERS = [
  { fromWeight: 1, toWeight: 5, price: 15_000 },
  { fromWeight: 6, toWeight: 70, price: 30_000 },
];
const ABROAD_UIDS = /^(usps_.*_international|dhl_express_worldwide|ups_worldwide_.*|ups_standard|fedex_international_.*)$/;

const priceAbroad = async (rig: CarrierRig): Promise<void> => {
  const { call, system } = rig;
  const adminToken = await adminTokenOf(call, system);
  const defaults = (await call('GET', '/defaultServices', undefined, { token: adminToken })).body as unknown as Array<{ _id: string; uid: string; maxWeight: number }>;
  for (const service of defaults.filter((s) => ABROAD_UIDS.test(s.uid))) {
    const priced = await call('PUT', `/defaultServices/${service._id}/prices`, { prices: tiersUpTo(ABROAD_TIERS, service.maxWeight) }, { token: adminToken });
    if (priced.status !== 200) throw new Error(`pricing ${service.uid} answered ${priced.status} ${JSON.stringify(priced.body)}`);
  }
};

/** The item lines every customs form abroad must show: descriptions, line values, HS numbers. */
const expectItemsShown = (text: string) => {
  for (const shown of ['Cotton T-shirt', '30.00', '610910', 'Ceramic mug', '14.50', '691200']) expect(text).toContain(shown);
};

/**
 * Issue 46 through the real carriers' fakes (decision 099): labels to Canada, the UK and Germany bought through
 * EasyPost with the carrier's customs forms merged behind the label, a DHL Express label bought, voided and tracked
 * (issue 45's last carrier), and a label abroad from USPS's own International Labels API.
 */
export const describeCarriersAbroad = (mode: string, startedEasyPost: () => Promise<CarrierRig>, startedUsps: () => Promise<CarrierRig>): void => {
  describe(`labels abroad through EasyPost's carrier accounts (${mode} mode)`, () => {
    const rig = awaitRig(startedEasyPost);
    expectNoViolationsPerTest(() => rig().fakes.easyPost.shapeViolations());
    beforeAll(() => priceAbroad(rig()), 60_000);

    it.each([
      ['Canada', 'CA', 'USPS First-Class Package International', undefined, 'CUSTOMS DECLARATION CN 22'],
      ['the United Kingdom', 'GB', 'USPS Priority Mail International', undefined, 'CUSTOMS DECLARATION CN 22'],
      ['Germany', 'DE', 'DHL Express Worldwide', 'dhl_express', 'COMMERCIAL INVOICE'],
      // Decision 123: UPS and FedEx abroad through EasyPost's carrier accounts, a commercial invoice behind each.
      ['Canada', 'CA', 'UPS Worldwide Saver', 'ups', 'COMMERCIAL INVOICE'],
      ['Germany', 'DE', 'FedEx International Priority', 'fedex', 'COMMERCIAL INVOICE'],
    ] as const)('buys a label to %s (%s) by %s whose downloaded PDF is the label, then the carrier\'s customs form with every item, value and HS code', async (_name, country, service, courier, form) => {
      const { call, seller, buy, balance, fakes } = rig();
      const who = await seller(`abroad-${country}`);
      const before = await balance(who);

      const label = await buy(who, orderTo(country, service, courier));

      expect(label.price).toBe(15_000);
      expect(await balance(who)).toBe(before - 15_000);
      const sent = easyPostShipmentOf(fakes.easyPost, label.trackingNumber);
      expect(sent?.['customs_info']).toMatchObject({ customs_signer: 'Ann Sender', eel_pfc: country === 'CA' ? 'NOEEI 30.36' : 'NOEEI 30.37(a)' });
      const [labelPage, ...forms] = pdfText(await downloaded(call, who, 'v2', label.pdfName)).split('\f');
      expect(labelPage).toContain('EASYPOST TEST');
      const formText = forms.join('\n');
      expect(formText).toContain(form);
      expectItemsShown(formText);
    }, 120_000);

    it('buys a DHL Express label, shows its scans from EasyPost\'s tracker under DHL Express, voids it while unused, and refuses the void of one in transit', async () => {
      const { call, seller, buy, fakes } = rig();
      const who = await seller('abroad-dhl');
      const label = await buy(who, orderTo('GB', 'DHL Express Worldwide', 'dhl_express'));
      expect(label.trackingNumber).toMatch(/^\d{10}$/);
      expect(await listedOrder(call, who, label.orderId)).toMatchObject({ status: 'completed', courier: 'dhl_express', tracking_number: label.trackingNumber });
      const at = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + minutes * 60_000);
      fakes.easyPost.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipment information received', city: 'AUSTIN', state: 'TX', zip: '78701', datetime: at(1) });

      const tracking = await trackingShown(call, who, label.orderId);
      expect(tracking).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'easypost', courier: 'dhl_express', status: 'pre_transit', used: false });
      expect(eventsRead(tracking)).toEqual([['pre_transit', 'Shipment information received', 'AUSTIN, TX 78701']]);

      const voided = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });
      expect([voided.status, voided.body['state']]).toEqual([200, 'refund_pending']);
      expect(await labelStateOf(call, who, label.orderId)).toBe('refund_pending');

      const moving = await buy(who, orderTo('DE', 'DHL Express Worldwide', 'dhl_express'));
      fakes.easyPost.addTrackingEvent(moving.trackingNumber, { status: 'in_transit', message: 'Processed at CINCINNATI HUB', city: 'HEBRON', state: 'KY', zip: '41048', datetime: at(2) });
      expect(await trackingShown(call, who, moving.orderId)).toMatchObject({ courier: 'dhl_express', status: 'in_transit', used: true });
      const refused = await call('POST', `/orders/${moving.orderId}/void`, undefined, { token: who.token });
      expect(refused.status).toBe(422);
    }, 120_000);
  });

  describe(`labels abroad from USPS's International Labels API (${mode} mode)`, () => {
    const rig = awaitRig(startedUsps);
    beforeAll(() => priceAbroad(rig()), 60_000);

    it('buys Priority Mail International to Canada with the CN22 behind the label listing every item, value and HS code', async () => {
      const { call, seller, buy, fakes } = rig();
      const who = await seller('abroad-usps');

      const label = await buy(who, orderTo('CA', 'USPS Priority Mail International'));

      expect(label.trackingNumber).toMatch(/^CP\d{9}US$/);
      const sent = fakes.usps.requests.filter((request) => request.path === '/international-labels/v3/international-label').at(-1);
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ customsForm: { customsContentType: 'MERCHANDISE', AESITN: 'NOEEI 30.36' }, toAddress: { countryISOAlpha2Code: 'CA', postalCode: 'M5H 2N2' } });
      const [labelPage, customs] = pdfText(await downloaded(call, who, 'v2', label.pdfName)).split('\f');
      expect(labelPage).toContain('USPS TEST');
      expect(customs).toContain('CUSTOMS DECLARATION CN 22');
      expectItemsShown(customs ?? '');
      expect(fakes.usps.specViolations()).toEqual([]);
    }, 120_000);

    it("refuses a label abroad USPS's International Prices API prices above what the seller pays, moving no money and telling the admin (decision 118)", async () => {
      const { call, seller, balance, system, fakes } = rig();
      const who = await seller('abroad-cost');
      const before = await balance(who);
      const sold = fakes.usps.labelsSold();

      // 60 lb of Priority Mail Express International to Germany: $70.95 + 59 × $5.20 at the fake, over the $300 tier.
      const heavy = { ...orderTo('DE', 'USPS Priority Mail Express International'), package: { package_length: 20, package_width: 16, package_height: 12, package_weight: 60 } };
      const refused = await call('POST', '/orders/v2', heavy, { token: who.token, 'Idempotency-Key': `usps-abroad-under-cost-${Date.now()}` });

      expect([refused.status, refused.body['message']]).toEqual([502, expect.stringContaining('USPS Priority Mail Express International is not sold at your price for this parcel')]);
      expect(await balance(who)).toBe(before);
      expect(fakes.usps.labelsSold()).toBe(sold);
      const asked = fakes.usps.requests.filter((request) => request.path === '/international-prices/v3/base-rates/search').at(-1);
      expect(JSON.parse(asked?.body ?? '{}')).toMatchObject({ destinationCountryCode: 'DE', weight: 60, mailClass: 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL' });
      const alerts = (await call('GET', '/admin/carriers/alerts', undefined, { token: await adminTokenOf(call, system) })).body['alerts'] as Body[];
      expect(alerts).toContainEqual(expect.objectContaining({ carrier: 'usps', reason: 'price_below_cost', message: expect.stringMatching(/^USPS Priority Mail Express International cost \$377\.75 for a label a customer was to pay \$300\.00 for: it was not bought/) }));
      expect(fakes.usps.specViolations()).toEqual([]);
    }, 60_000);
  });
};
