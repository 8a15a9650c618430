import { FAKE_USPS_ACCOUNT, type ScriptedHttp, type ScriptedRequest, startScriptedHttp, uspsSpecs } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelAddress, LabelShipment, ScanFormRequest } from '../carrier.port';
import { toUspsAddressQuery } from './usps-address';
import { type UspsScanFormRequest, uspsScanFormRequestOf } from './usps-scan-form';
import { UspsClient, type UspsClientOptions } from './usps.client';
import { toLabelRequest } from './usps.mapper';
import { anAbroadShipment, twoItemCustoms } from '../customs/testing/abroad-shipments';
import { toInternationalLabelRequest } from './usps-international.mapper';
import type { UspsInternationalLabelRequest } from './usps-international.schema';
import type { UspsLabelRequest } from './usps.schema';

/**
 * The requests we send, as they reach the wire (path, query, headers and body), checked with ajv against USPS's
 * published OpenAPI specs vendored in libs/testing/vendor/usps (the ones the fake USPS answers by): every `required`
 * list, `additionalProperties: false`, enum, pattern, length and format, and each operation's required parameters.
 * A field USPS adds to a `required` list, or one we send that a schema closes, fails here before USPS refuses a real
 * label or form.
 */

const payload = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'payloads', name), 'utf8'));

/** A USPS that hands out the stored tokens and answers every other call with an empty 200: only what we send matters. */
const startRecordingUsps = (): Promise<ScriptedHttp> =>
  startScriptedHttp(({ path }) => {
    if (path === '/oauth2/v3/token') return { status: 200, body: payload('token.json') };
    if (path === '/payments/v3/payment-authorization') return { status: 200, body: payload('payment-authorization.json') };
    return { status: 200, body: {} };
  });

const payer = (accountType: 'EPS' | 'PERMIT'): UspsClientOptions['payer'] => ({
  crid: FAKE_USPS_ACCOUNT.crid,
  mid: FAKE_USPS_ACCOUNT.mid,
  manifestMid: FAKE_USPS_ACCOUNT.manifestMid,
  accountType,
  accountNumber: accountType === 'EPS' ? FAKE_USPS_ACCOUNT.accountNumber : '4471',
  ...(accountType === 'PERMIT' ? { permitZip: '43215' } : {}),
});

const address: LabelAddress = { name: 'Ada Lovelace', company: null, phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const scanForm = (from: Partial<LabelAddress> = {}): ScanFormRequest => ({ formId: 'f', mailingDate: '2026-11-20', from: { ...address, ...from }, labels: [{ trackingNumber: '9205590109769900012613', carrierRefs: {} }] });
const shipment = (change: Partial<LabelShipment> = {}): LabelShipment => ({
  serviceUid: 'usps_priority',
  shipper: null,
  from: address,
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widgets', reference1: '2', reference2: 'SKU-42' },
  ...change,
});
const labelRequestOf = (change: Partial<LabelShipment>, withShipper: boolean): UspsLabelRequest => {
  const request = toLabelRequest(shipment(change), { mailingDate: '2026-11-20', shipper: withShipper ? { platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' } : null });
  if (!request.ok) throw new Error(request.message);
  return request.value;
};

beforeAll(() => void uspsSpecs(), 60_000);

describe('the requests we send, against the published USPS OpenAPI specs', () => {
  let usps: ScriptedHttp;
  beforeEach(async () => {
    usps = await startRecordingUsps();
  });
  afterEach(() => usps.close());

  const client = (accountType: 'EPS' | 'PERMIT' = 'EPS') =>
    new UspsClient({ apiUrl: usps.url, clientId: FAKE_USPS_ACCOUNT.clientId, clientSecret: FAKE_USPS_ACCOUNT.clientSecret, payer: payer(accountType), timeoutMs: 60_000 });

  /** The one request to `path` that the call sent, checked against the specs: its errors, [] when USPS's specs take it. */
  const sent = async (path: string, call: (usps: UspsClient) => Promise<unknown>, accountType: 'EPS' | 'PERMIT' = 'EPS') => {
    const before = usps.requests.length;
    await call(client(accountType));
    const requests = usps.requests.slice(before).filter((request) => new URL(request.path, 'http://usps').pathname.startsWith(path));
    expect(requests).toHaveLength(1);
    const [request] = requests as [ScriptedRequest];
    return uspsSpecs().checkRequest({ method: request.method, url: request.path, headers: request.headers, body: request.body });
  };
  const scanFormErrors = (request: UspsScanFormRequest) => sent('/scan-forms/v3/scan-form', (usps) => usps.createScanForm(request));
  const labelErrors = (request: UspsLabelRequest) => sent('/labels/v3/label', (usps) => usps.createLabel(request, '0f5e3a0c-1b2d-4c5e-8f90-a1b2c3d4e5f6'));
  const fields = (errors: ReadonlyArray<{ at: string }>) => errors.map((error) => error.at);

  it('refuses what a schema requires, closes or restricts, through the same check (the check itself can fail)', async () => {
    expect(fields(await scanFormErrors({} as UspsScanFormRequest)).sort()).toEqual(['destinationEntryFacilityType', 'entryFacilityZIPCode', 'fromAddress', 'mailingDate', 'shipment']);
    const { destinationEntryFacilityType: _left, ...withoutType } = uspsScanFormRequestOf(scanForm());
    expect(await scanFormErrors({ ...withoutType, entryFacilityZIPCode: '4321', extra: true } as unknown as UspsScanFormRequest)).toEqual([
      { in: 'body', at: 'destinationEntryFacilityType', message: "must have required property 'destinationEntryFacilityType'" },
      { in: 'body', at: 'extra', message: 'is not a property the spec allows here (must NOT have additional properties)' },
      { in: 'body', at: 'entryFacilityZIPCode', message: 'must match pattern "^\\d{5}$"' },
    ]);
  });

  it('refuses a SCAN form request whose shipment names no labels (it meets none of the three shipment schemas)', async () => {
    expect(await scanFormErrors({ ...uspsScanFormRequestOf(scanForm()), shipment: {} as UspsScanFormRequest['shipment'] })).toContainEqual({ in: 'body', at: 'shipment', message: 'must match exactly one schema in oneOf' });
  });

  it('refuses a label request with an image type or a mailing date the spec does not have', async () => {
    const label = labelRequestOf({}, true);
    const errors = await labelErrors({ ...label, imageInfo: { ...label.imageInfo, imageType: 'ZPL' }, packageDescription: { ...label.packageDescription, mailingDate: '20 Nov 2026' } } as unknown as UspsLabelRequest);
    expect(errors).toContainEqual({ in: 'body', at: 'imageInfo.imageType', message: expect.stringMatching(/^must be equal to one of the allowed values: .*"ZPL203DPI"/) as string });
    expect(errors).toContainEqual({ in: 'body', at: 'packageDescription.mailingDate', message: 'must match exactly one schema in oneOf' });
  });

  it.each([
    ['a sender with a name', {}],
    ['a sender with a company, a second street line and a ZIP+4', { company: 'Analytical Parcels', street2: 'Dock 4', zip: '43215-1234' }],
    ['a one-word sender', { name: 'Ada' }],
  ])('sends a SCAN form request that SCAN Forms 3.1.14 takes, for %s', async (_, from) => {
    expect(await scanFormErrors(uspsScanFormRequestOf(scanForm(from)))).toEqual([]);
  });

  it.each([
    ['Priority Mail, PDF, with the shipper reported', {}, true],
    ['Priority Mail Express, ZPL', { serviceUid: 'usps_priority_express', format: 'ZPL' as const }, false],
    ['Ground Advantage without references', { serviceUid: 'usps_ground_advantage', package: { lengthIn: 6, widthIn: 4, heightIn: 2, weightLb: 0.25, description: null, reference1: null, reference2: null } }, true],
  ])('sends a label request that Labels 3.9.13 takes: %s', async (_, change, withShipper) => {
    expect(await labelErrors(labelRequestOf(change, withShipper))).toEqual([]);
  });

  it.each([
    ['a street, city, state and ZIP', address],
    ['a second street line and a ZIP+4', { ...address, street2: 'Dock 4', zip: '43215-1234' }],
  ])('asks Addresses 3.2.3 for an address with the query it documents: %s', async (_, given) => {
    expect(await sent('/addresses/v3/address', (usps) => usps.verifyAddress(toUspsAddressQuery(given)))).toEqual([]);
  });

  const internationalErrors = (request: UspsInternationalLabelRequest) =>
    sent('/international-labels/v3/international-label', (usps) => usps.createInternationalLabel(request, '0f5e3a0c-1b2d-4c5e-8f90-a1b2c3d4e5f6'));
  const internationalRequestOf = (shipment: LabelShipment, withShipper: boolean): UspsInternationalLabelRequest => {
    const request = toInternationalLabelRequest(shipment, { mailingDate: '2026-11-20', shipper: withShipper ? { platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' } : null });
    if (!request.ok) throw new Error(request.message);
    return request.value;
  };

  it.each([
    ['Priority Mail International to Canada, PDF, with the shipper reported', anAbroadShipment({ serviceUid: 'usps_priority_international', country: 'CA' }), true],
    ['First-Class Package International to Germany, ZPL, "other" contents', anAbroadShipment({ serviceUid: 'usps_first_class_international', country: 'DE', format: 'ZPL', customs: twoItemCustoms({ contents_type: 'other', contents_explanation: 'Ceramics' }) }), false],
    ['Priority Mail Express International to the UK, an item without an HS number, an ITN filed', anAbroadShipment({ serviceUid: 'usps_priority_express_international', country: 'GB', customs: twoItemCustoms({ itn: 'X20260115123456', items: [{ description: 'Camera', quantity: 1, value_cents: 300_000, weight_lb: 2, hs_tariff_number: null, origin_country: 'JP' }] }) }), true],
  ])('sends an international label request that International Labels 3.3.7 takes: %s', async (_, shipment, withShipper) => {
    expect(await internationalErrors(internationalRequestOf(shipment, withShipper))).toEqual([]);
  });

  it('refuses an international label request with a property its closed customs form does not declare (the check itself can fail)', async () => {
    const request = internationalRequestOf(anAbroadShipment({ serviceUid: 'usps_priority_international' }), true);
    const errors = await internationalErrors({ ...request, customsForm: { ...request.customsForm, signer: 'Ada' } } as unknown as UspsInternationalLabelRequest);
    expect(fields(errors)).toContain('customsForm');
  });

  it('cancels a label abroad at the path International Labels 3.3.7 documents', async () => {
    expect(await sent('/international-labels/v3/international-label/', (usps) => usps.cancelInternationalLabel('CP000000015US'))).toEqual([]);
  });

  it('cancels a label at the path Labels 3.9.13 documents, with the payment authorization header it requires', async () => {
    expect(await sent('/labels/v3/label/', (usps) => usps.cancelLabel('9205590109769900012613'))).toEqual([]);
  });

  it('asks Tracking 3.2.6 for a label at the path and with the query it documents', async () => {
    expect(await sent('/tracking/v3/tracking/', (usps) => usps.trackPackage('9205590109769900012613'))).toEqual([]);
  });

  it.each(['EPS', 'PERMIT'] as const)('asks Payments 3.1.20 for a payment authorization it takes, for the account type %s', async (accountType) => {
    expect(await sent('/payments/v3/payment-authorization', (usps) => usps.paymentToken(), accountType)).toEqual([]);
  });
});
