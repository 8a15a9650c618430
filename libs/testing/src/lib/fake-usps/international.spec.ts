import { FakeUspsServer, uspsSpecs } from '../fake-usps.server';
import { s10CheckDigit } from '../fake-easypost/tracking-numbers';
import { pdfTextOf } from '../pdf-text';
import { centralToday, changed, type Json, partsOf, type UspsErrorAnswer, uspsCalls } from './spec-calls';

/** An International Labels 3.3.7 request to Toronto, with a two-line customs form. */
const toToronto = (mailingDate: string): Json => ({
  imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
  toAddress: { firstName: 'Jean', lastName: 'Tremblay', streetAddress: '100 Queen St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2', country: 'Canada', countryISOAlpha2Code: 'CA' },
  fromAddress: { firstName: 'Sam', lastName: 'Wilson', streetAddress: '45 L St SW', city: 'Washington', state: 'DC', ZIPCode: '20024' },
  packageDescription: {
    mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 2,
    dimensionsUOM: 'in',
    length: 10,
    width: 8,
    height: 4,
    processingCategory: 'MACHINABLE',
    destinationEntryFacilityType: 'NONE',
    mailingDate,
    packageOptions: { nonDeliveryOption: 'RETURN' },
  },
  customsForm: {
    customsContentType: 'MERCHANDISE',
    AESITN: 'NOEEI 30.36',
    contents: [
      { itemDescription: 'Cotton T-shirt', itemQuantity: 2, itemTotalValue: 40, itemTotalWeight: 0.75, weightUOM: 'lb', HSTariffNumber: '610910', countryofOrigin: 'US' },
      { itemDescription: 'Enamel mug', itemQuantity: 1, itemTotalValue: 15.5, itemTotalWeight: 0.9, weightUOM: 'lb', HSTariffNumber: '691200', countryofOrigin: 'CN' },
    ],
  },
});

describe('the fake USPS International Labels API', () => {
  let fake: FakeUspsServer;
  const usps = uspsCalls(() => fake);
  const buyAbroad = async (body: unknown, accept = 'application/vnd.usps.labels+json') =>
    (await usps.session()) && usps.call('/international-labels/v3/international-label', { method: 'POST', headers: await headers(accept), body: JSON.stringify(body) });
  const headers = async (accept: string) => {
    const { bearer, payment } = await usps.session();
    return { Authorization: `Bearer ${bearer}`, 'X-Payment-Authorization-Token': payment, 'Content-Type': 'application/json', Accept: accept };
  };
  const today = () => centralToday(new Date());

  beforeAll(() => void uspsSpecs(), 60_000);
  beforeEach(async () => {
    fake = new FakeUspsServer();
    await fake.start();
  });
  afterEach(async () => {
    await fake.stop();
    expect(fake.specViolations().filter((violation) => violation.where === 'response')).toEqual([]);
  });

  it('sells a Priority Mail International label: 201, an S10 number, its price group and a PDF whose customs page lists every item', async () => {
    const answer = await buyAbroad(toToronto(today()));
    expect(answer.status).toBe(201);
    const label = (await answer.json()) as Json & { internationalTrackingNumber: string; labelImage: string };
    expect(label).toMatchObject({ constructCode: 'I01', internationalPriceGroup: '01', weightUOM: 'lb', weight: 2, postage: expect.any(Number), SKU: expect.stringMatching(/^IPXX/) });
    const number = /^CP(\d{8})(\d)US$/.exec(label.internationalTrackingNumber);
    expect(number && s10CheckDigit(number[1] ?? '')).toBe(Number(number?.[2]));
    const [labelPage, customs] = pdfTextOf(Buffer.from(label.labelImage, 'base64')).split('\f');
    expect(labelPage).toContain('USPS TEST');
    expect(labelPage).toContain('TORONTO ON M5H 2N2');
    expect(customs).toContain('CUSTOMS DECLARATION CN 22');
    expect(customs).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+0\.75\s+610910\s+US/);
    expect(customs).toMatch(/Enamel mug\s+1\s+15\.50\s+0\.9\s+691200\s+CN/);
    expect(customs).toContain('NOEEI 30.36');
    expect(fake.labelsSold()).toBe(1);
  });

  it('answers the multipart by default, and the same label again for a repeated X-Idempotency-Key', async () => {
    const key = '8be4df61-93ca-11d2-aa0d-00e098032b8c';
    const send = async () => usps.call('/international-labels/v3/international-label', { method: 'POST', headers: { ...(await headers('multipart/form-data')), 'X-Idempotency-Key': key }, body: JSON.stringify(toToronto(today())) });
    const first = await send();
    const parts = await partsOf(first);
    expect(parts.map((part) => part.name)).toEqual(['labelMetadata', 'labelImage']);
    const again = await partsOf(await send());
    expect(JSON.parse(again[0]?.text ?? '{}')).toEqual(JSON.parse(parts[0]?.text ?? '{}'));
    expect(fake.labelsSold()).toBe(1);
  });

  it('refuses a request the spec does not allow: no customs form, an unknown content type, a too-short HS number, a property no branch declares', async () => {
    for (const [path, value] of [
      ['customsForm', undefined],
      ['packageDescription.colour', 'red'],
      ['customsForm.signer', 'Ada Sender'],
      ['customsForm.customsContentType', 'STUFF'],
      ['customsForm.contents', [{ itemDescription: 'Mug', itemQuantity: 1, itemTotalValue: 5, itemTotalWeight: 1, HSTariffNumber: '69', countryofOrigin: 'CN' }]],
    ] as const) {
      const answer = await buyAbroad(changed(toToronto(today()), path, value));
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as UspsErrorAnswer).apiVersion).toBe('/international-labels/v3');
    }
    expect(fake.labelsSold()).toBe(0);
  });

  it('refuses what the descriptions rule out: a Canadian postal code not starting with a letter, OTHER without comments, "Gift" as an item description', async () => {
    const details = async (body: Json) => ((await (await buyAbroad(body)).json()) as UspsErrorAnswer).error.errors.map((error) => error.detail);
    expect(await details(changed(toToronto(today()), 'toAddress.postalCode', '12345'))).toEqual(['When shipping to Canada, postalCode must start with a letter']);
    expect(await details(changed(toToronto(today()), 'customsForm.customsContentType', 'OTHER'))).toEqual(['contentComments is required when customsContentType is OTHER']);
    expect(await details(changed(toToronto(today()), 'customsForm.contents.0.itemDescription', 'Gift'))).toEqual(['Gift is not a valid item description']);
  });

  it('cancels an international label before the manifest, and refuses one it never sold', async () => {
    const label = (await (await buyAbroad(toToronto(today()))).json()) as { internationalTrackingNumber: string };
    const cancel = async (trackingNumber: string) => usps.call(`/international-labels/v3/international-label/${trackingNumber}`, { method: 'DELETE', headers: await headers('application/json') });
    const canceled = await cancel(label.internationalTrackingNumber);
    expect([canceled.status, await canceled.json()]).toEqual([200, { trackingNumber: label.internationalTrackingNumber, status: 'CANCELED' }]);
    expect((await cancel('LZ000000000US')).status).toBe(400);
  });
});
