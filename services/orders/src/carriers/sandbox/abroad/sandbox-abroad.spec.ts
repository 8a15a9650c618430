import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { customsSchema, type CustomsInput } from '@labeldesk/contracts';
import type { LabelShipment } from '../../carrier.port';
import { isSandboxTrackingNumber } from '../sandbox-lifecycle';
import { SandboxCarrierAdapter } from '../sandbox-carrier.adapter';
import { countryGroupOf } from './country-groups';
import { customsFormKind } from './customs-form-pages';
import { internationalRate } from './international-rates';
import { isSandboxDhlWaybill, isSandboxS10Number, s10CheckDigit, sandboxDhlWaybill, sandboxS10Number } from './tracking-numbers';

const declaration = (overrides: Partial<CustomsInput> = {}) =>
  customsSchema.parse({
    contents_type: 'merchandise',
    non_delivery_option: 'return',
    signer: 'Ada Lovelace',
    items: [
      { description: 'Cotton T-shirt', quantity: 2, value_cents: 3_000, weight_lb: 0.8, hs_tariff_number: '6109.10', origin_country: 'US' },
      { description: 'Ceramic mug', quantity: 1, value_cents: 1_450, weight_lb: 1.1, hs_tariff_number: '6912.00', origin_country: 'CN' },
    ],
    ...overrides,
  });

const abroad = (country: string, state: string, zip: string, serviceUid = 'usps_priority_international', customs = declaration()): LabelShipment => ({
  serviceUid,
  shipper: null,
  from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Grace Hopper', company: null, phone: null, street1: '10 High Street', street2: null, city: 'Ottawa', state, zip, country },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2.5, description: 'Clothes', reference1: '1', reference2: 'SKU-1' },
  customs,
});

const textOf = (pdf: Buffer): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'abroad-')), 'label.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
};

const journal = { remember: async () => undefined };

describe('the sandbox abroad', () => {
  it('rates every service abroad by country group and weight, with days', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: async () => 1, now: () => new Date('2026-11-30T15:00:00Z') });
    const rates = await carrier.rates(abroad('CA', 'ON', 'K1A 0B1'));
    expect(rates.map((rate) => rate.serviceUid)).toEqual(['usps_first_class_international', 'usps_priority_international', 'usps_priority_express_international', 'dhl_express_worldwide']);
    const toGermany = internationalRate('usps_priority_international', abroad('DE', '', '10115'));
    const toCanada = internationalRate('usps_priority_international', abroad('CA', 'ON', 'K1A 0B1'));
    if ('unavailable' in toGermany || 'unavailable' in toCanada) throw new Error('expected rates');
    expect(toGermany.costCents).toBeGreaterThan(toCanada.costCents);
    expect(toCanada).toMatchObject({ group: 1, billedWeightLb: 3, costCents: 4_500 + 2 * 400, deliveryDays: 6 });
    expect(countryGroupOf('GB')).toBe(3);
    expect(countryGroupOf('JP')).toBe(4);
    expect(countryGroupOf('BR')).toBe(5);
  });

  it('leaves out First-Class Package International over 4 lb or $400, and offers no domestic service abroad', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: async () => 1 });
    const heavy = { ...abroad('GB', '', 'SW1A 1AA'), package: { ...abroad('GB', '', 'SW1A 1AA').package, weightLb: 5 } };
    expect((await carrier.rates(heavy)).map((rate) => rate.serviceUid)).not.toContain('usps_first_class_international');
    const dear = abroad('GB', '', 'SW1A 1AA', 'usps_first_class_international', declaration({ items: [{ description: 'Watch', quantity: 1, value_cents: 45_000, weight_lb: 0.5, hs_tariff_number: '910211', origin_country: 'CH' }] }));
    expect(internationalRate('usps_first_class_international', dear)).toEqual({ unavailable: 'USPS First-Class Package International takes contents worth up to $400; these are declared at $450.00' });
    const outcome = await carrier.purchase({ ...abroad('GB', '', 'SW1A 1AA'), serviceUid: 'usps_priority' }, 'domestic-abroad', journal);
    expect(outcome).toEqual({ kind: 'refused', message: 'Sandbox carrier: this service carries parcels within the US only; choose a service abroad for United Kingdom' });
  });

  it.each([
    ['CA', 'ON', 'K1A 0B1', 'usps_priority_international', 'CN 22'],
    ['GB', '', 'SW1A 1AA', 'usps_priority_express_international', 'CN 22'],
    ['DE', '', '10115', 'dhl_express_worldwide', 'COMMERCIAL INVOICE'],
  ])('buys a label to %s whose PDF holds the label, then its customs form showing every item, value and HS code', async (country, state, zip, serviceUid, form) => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: async () => 42, now: () => new Date('2026-11-30T15:00:00Z') });
    const outcome = await carrier.purchase(abroad(country, state, zip, serviceUid), `abroad-${country}`, journal);
    if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
    expect(isSandboxTrackingNumber(outcome.label.trackingNumber)).toBe(true);
    const pdf = await PDFDocument.load(outcome.label.file);
    expect(pdf.getPageCount()).toBe(2);
    const [labelPage, formPage] = textOf(outcome.label.file).split('\f');
    expect(labelPage).toContain(`${form} ATTACHED`);
    expect(formPage).toContain(form);
    for (const text of ['Cotton T-shirt', '$30.00', 'HS 610910', 'Ceramic mug', '$14.50', 'HS 691200', 'TOTAL VALUE (USD):', '$44.50', 'ADA LOVELACE']) expect(formPage).toContain(text);
    expect(formPage).toContain(country === 'CA' ? 'NOEEI 30.36' : 'NOEEI 30.37(a)');
  });

  it('uses the CP 72 above $400 and carries many items over several pages', async () => {
    const items = Array.from({ length: 9 }, (_, i) => ({ description: `Part ${i + 1}`, quantity: 1, value_cents: 10_000, weight_lb: 0.2, hs_tariff_number: '847330', origin_country: 'US' }));
    const customs = declaration({ items });
    expect(customsFormKind('postal', customs)).toBe('CP72');
    const carrier = new SandboxCarrierAdapter({ nextSerial: async () => 7 });
    const outcome = await carrier.purchase(abroad('GB', '', 'SW1A 1AA', 'usps_priority_international', customs), 'many', journal);
    if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${outcome.kind}`);
    const text = textOf(outcome.label.file);
    expect((await PDFDocument.load(outcome.label.file)).getPageCount()).toBe(3);
    for (const item of items) expect(text).toContain(item.description);
    expect(text).toContain('CP 72');
  });

  it('refuses a label abroad without customs, or as ZPL, before any serial is drawn', async () => {
    const nextSerial = jest.fn(async () => 1);
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    expect(await carrier.purchase({ ...abroad('CA', 'ON', 'K1A 0B1'), customs: null }, 'no-customs', journal)).toEqual({
      kind: 'refused',
      message: 'Sandbox carrier: a label to Canada needs its customs declaration',
    });
    expect((await carrier.purchase({ ...abroad('CA', 'ON', 'K1A 0B1'), format: 'ZPL' }, 'zpl', journal)).kind).toBe('refused');
    expect(nextSerial).not.toHaveBeenCalled();
  });

  it('numbers USPS items as UPU S10 and DHL waybills with their check digits', () => {
    expect(s10CheckDigit('47312482')).toBe(9); // the UPU S10 standard's example item RR 47312482 9 GB (weights 8 6 4 2 3 5 9 7)
    expect(isSandboxS10Number(sandboxS10Number('CP', 123))).toBe(true);
    expect(isSandboxS10Number('CP900001230US')).toBe(false);
    expect(isSandboxDhlWaybill(sandboxDhlWaybill(123))).toBe(true);
    expect(sandboxDhlWaybill(123)).toMatch(/^990000123\d$/);
  });
});
