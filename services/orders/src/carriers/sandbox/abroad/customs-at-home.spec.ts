import { PDFDocument } from 'pdf-lib';
import { customsSchema } from '@labeldesk/contracts';
import { pdfTextOf } from '@labeldesk/testing';
import type { LabelShipment, PurchaseOutcome } from '../../carrier.port';
import { SandboxCarrierAdapter } from '../sandbox-carrier.adapter';

const declaration = (valueCents = 3_000) =>
  customsSchema.parse({
    contents_type: 'gift',
    non_delivery_option: 'return',
    signer: 'Ada Lovelace',
    items: [
      { description: 'Wool socks', quantity: 3, value_cents: valueCents, weight_lb: 0.6, hs_tariff_number: '6115.95', origin_country: 'US' },
      { description: 'Coffee beans', quantity: 1, value_cents: 1_800, weight_lb: 1, hs_tariff_number: '0901.21', origin_country: 'CO' },
    ],
  });

const to = (state: string, city: string, zip: string, overrides: Partial<LabelShipment> = {}): LabelShipment => ({
  serviceUid: 'usps_priority',
  shipper: null,
  from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'SGT Grace Hopper', company: null, phone: null, street1: 'Unit 2050 Box 4190', street2: null, city, state, zip, country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2, description: 'Care package', reference1: null, reference2: null },
  customs: declaration(),
  ...overrides,
});

const journal = { remember: async () => undefined };
let keys = 0;
const buy = (shipment: LabelShipment): Promise<PurchaseOutcome> => new SandboxCarrierAdapter({ nextSerial: async () => ++keys }).purchase(shipment, `at-home-${keys}`, journal);

const boughtFile = async (shipment: LabelShipment): Promise<Buffer> => {
  const outcome = await buy(shipment);
  if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
  return outcome.label.file;
};

describe('customs on the sandbox\'s domestic labels to APO/FPO/DPO and the territories (decision 123)', () => {
  it.each([
    ['an APO address', 'AE', 'APO', '09001'],
    ['an FPO address', 'AP', 'FPO', '96349'],
    ['Guam', 'GU', 'Hagatna', '96910'],
  ])('prints the CN 22 behind a label to %s, every item with its value and HS code', async (_where, state, city, zip) => {
    const file = await boughtFile(to(state, city, zip));

    const pdf = await PDFDocument.load(file);
    expect(pdf.getPages().map((page) => page.getSize())).toEqual([{ width: 288, height: 432 }, { width: 288, height: 432 }]);
    const [labelPage, form] = pdfTextOf(file).split('\f');
    expect(labelPage).toContain('USPS PRIORITY MAIL');
    expect(form).toContain('CUSTOMS DECLARATION CN 22');
    for (const shown of ['Wool socks', '$30.00', 'HS 611595', 'Coffee beans', '$18.00', 'HS 090121', 'GIFT', 'ADA LOVELACE']) expect(form).toContain(shown);
  });

  it('prints the CP 72 when the contents are worth more than $400', async () => {
    const [, form] = pdfTextOf(await boughtFile(to('AA', 'DPO', '34001', { customs: declaration(45_000) }))).split('\f');
    expect(form).toContain('CUSTOMS DECLARATION CP 72');
    expect(form).toContain('$468.00');
  });

  it('refuses a label to an APO address without a declaration, or as ZPL, naming why', async () => {
    const { customs: _none, ...withoutCustoms } = to('AE', 'APO', '09001');
    expect(await buy(withoutCustoms)).toEqual({ kind: 'refused', message: 'Sandbox carrier: a label to AE (an APO/FPO/DPO address) needs its customs declaration (USPS PS Form 2976)' });
    expect(await buy(to('GU', 'Hagatna', '96910', { format: 'ZPL' }))).toEqual({ kind: 'refused', message: 'Sandbox carrier: a label to GU (a US territory) is printed as PDF only (the label and its customs form on 4x6 pages)' });
  });

  it('prints no customs form on a label to a state of the US proper', async () => {
    const file = await boughtFile(to('OH', 'Columbus', '43215'));
    expect((await PDFDocument.load(file)).getPageCount()).toBe(1);
    expect(pdfTextOf(file)).not.toContain('CUSTOMS DECLARATION');
  });
});
