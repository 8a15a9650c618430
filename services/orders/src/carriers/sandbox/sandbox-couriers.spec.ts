import { COURIER_NAMES } from '@labeldesk/contracts';
import type { LabelShipment } from '../carrier.port';
import { SHIPPING_SERVICE_CATALOG } from '../catalog/shipping-service-catalog';
import { aShipment } from '../testing/shipments';
import { fedExCheckDigit, upsCheckDigit } from './courier-tracking-numbers';
import { isUnavailable, sandboxRate } from './rating';
import { SandboxCarrierAdapter, type SandboxCarrierOptions } from './sandbox-carrier.adapter';
import { SandboxFaults } from './sandbox-faults';
import { parcelOf, uspsFlatPostageCents } from './sandbox-rates';

const journal = { remember: async () => undefined };
/** Friday 17 July 2026, 10:00 Central. */
const FRIDAY = new Date('2026-07-17T15:00:00Z');

const sandbox = (options: Partial<SandboxCarrierOptions> = {}) => {
  let next = 1;
  return new SandboxCarrierAdapter({ nextSerial: async () => next++, now: () => FRIDAY, ...options });
};

const bought = async (carrier: SandboxCarrierAdapter, shipment: LabelShipment, key: string) => {
  const outcome = await carrier.purchase(shipment, key, journal);
  if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

/** What the sandbox charges itself: the rating model's cost, but USPS's flat simulated postage. */
const modelCost = (shipment: LabelShipment): number => {
  const rate = sandboxRate(shipment.serviceUid, parcelOf(shipment));
  if (isUnavailable(rate)) throw new Error(rate.unavailable);
  return uspsFlatPostageCents(shipment.serviceUid, shipment.package.weightLb) ?? rate.costCents;
};

/** An APO ZIP (AE, New York gateway): USPS delivers there, UPS and FedEx do not. */
const APO_ZIP = '09001';

describe('the sandbox sells every domestic courier of the catalog', () => {
  it('lists every catalog service under its courier\'s name with the catalog\'s weight limit, the domestic ones first, then those abroad', async () => {
    const services = await sandbox().listShippingServices();
    const domestic = SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'domestic');
    const abroad = ['dhl_express_worldwide', 'usps_first_class_international', 'usps_priority_international', 'usps_priority_express_international'];
    expect(services.slice(0, domestic.length)).toEqual(domestic.map(({ uid, name, courier, maxWeightLb }) => ({ uid, name, category: COURIER_NAMES[courier], maxWeightLb })));
    expect(services.slice(domestic.length).map((service) => service.uid).sort()).toEqual(abroad.sort());
  });

  it('rates every service that carries the parcel with the rating model\'s cost (USPS: its flat postage) and days, delivery dated in business days', async () => {
    const shipment = aShipment({ weightLb: 4.2 });
    const rates = await sandbox().rates(shipment);
    expect(rates.map((rate) => rate.serviceUid)).toHaveLength(11);
    for (const rate of rates) {
      const model = sandboxRate(rate.serviceUid, parcelOf(shipment));
      if (isUnavailable(model)) throw new Error(model.unavailable);
      expect(rate).toMatchObject({ costCents: modelCost({ ...shipment, serviceUid: rate.serviceUid }), deliveryDays: model.deliveryDays });
    }
    // Friday's parcels: one business day lands on Monday, three on Wednesday.
    expect(rates.find((rate) => rate.serviceUid === 'ups_next_day_air')?.deliveryDate).toBe('2026-07-20');
    expect(rates.find((rate) => rate.serviceUid === 'fedex_express_saver')?.deliveryDate).toBe('2026-07-22');
  });

  it('answers the same rates to the same shipment at the same instant', async () => {
    const shipment = aShipment({ weightLb: 12.5, toZip: '98101' });
    expect(await sandbox().rates(shipment)).toEqual(await sandbox().rates(shipment));
  });

  it('leaves out the couriers that do not deliver to a military address, keeping USPS', async () => {
    const rates = await sandbox().rates(aShipment({ toZip: APO_ZIP }));
    expect(rates.map((rate) => rate.serviceUid)).toEqual(['usps_priority', 'usps_priority_express', 'usps_ground_advantage']);
  });

  it('cannot be asked for rates while it is down', async () => {
    const faults = new SandboxFaults();
    faults.down();
    await expect(sandbox({ faults }).rates(aShipment())).rejects.toThrow('connection refused');
  });

  it('sells a UPS label with a 1Z number of its own shipper, the service code, UPS\'s check digit and the model\'s cost', async () => {
    const shipment = aShipment({ serviceUid: 'ups_2nd_day_air', weightLb: 3 });
    const label = await bought(sandbox(), shipment, 'ups-1');
    expect(label.trackingNumber).toMatch(/^1ZSX[0-9A-Z]{4}02\d{8}$/);
    expect(upsCheckDigit(label.trackingNumber.slice(2, 17))).toBe(Number(label.trackingNumber.slice(17)));
    expect(label).toMatchObject({ carrier: 'sandbox', serviceUid: 'ups_2nd_day_air', format: 'PDF', costCents: modelCost(shipment) });
    expect(label.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('sells a FedEx label with 12 digits under its own prefix and FedEx\'s check digit, in ZPL when asked', async () => {
    const shipment = aShipment({ serviceUid: 'fedex_ground', format: 'ZPL' });
    const label = await bought(sandbox(), shipment, 'fedex-1');
    expect(label.trackingNumber).toMatch(/^99\d{10}$/);
    expect(fedExCheckDigit(label.trackingNumber.slice(0, 11))).toBe(Number(label.trackingNumber.slice(11)));
    expect(label.costCents).toBe(modelCost(shipment));
    expect(label.file.toString('utf8')).toContain(`^FD>;${label.trackingNumber}^FS`);
  });

  it('costs a USPS label its flat simulated postage (under the USPS prices it suggests), its IMpb unchanged', async () => {
    const shipment = aShipment({ serviceUid: 'usps_priority', weightLb: 5, toZip: '98101' });
    const label = await bought(sandbox(), shipment, 'usps-1');
    expect(label.trackingNumber).toMatch(/^920559999999990000001\d$/);
    expect(label.costCents).toBe(700 + 4 * 30);
  });

  it('answers a repeated key with the same UPS label and draws it again after a restart from the serial alone', async () => {
    const serials = new Map<string, number>();
    const options = { nextSerial: async (key: string) => serials.get(key) ?? (serials.set(key, serials.size + 7), serials.size + 6), issuedSerial: async (key: string) => serials.get(key) ?? null };
    const shipment = aShipment({ serviceUid: 'ups_ground' });
    const first = await bought(sandbox(options), shipment, 'ups-again');
    expect((await bought(sandbox(options), shipment, 'ups-again')).trackingNumber).toBe(first.trackingNumber);
    const resolved = await sandbox(options).resolve(shipment, 'ups-again', {});
    expect(resolved.kind === 'bought' && resolved.label.trackingNumber).toBe(first.trackingNumber);
  });

  it('refuses a UPS label to a military address in plain words, taking no serial', async () => {
    const nextSerial = jest.fn(async () => 1);
    const outcome = await sandbox({ nextSerial }).purchase(aShipment({ serviceUid: 'ups_ground', toZip: APO_ZIP }), 'apo', journal);
    expect(outcome).toEqual({ kind: 'refused', message: 'Sandbox carrier: UPS does not deliver to or from military (APO/FPO/DPO) addresses; USPS does' });
    expect(nextSerial).not.toHaveBeenCalled();
  });

  it('refuses a FedEx parcel over 150 lb, the catalog\'s limit, and takes one of 150 lb', async () => {
    const carrier = sandbox();
    const over = await carrier.purchase(aShipment({ serviceUid: 'fedex_2_day', weightLb: 150.5 }), 'heavy', journal);
    expect(over).toEqual({ kind: 'refused', message: 'Sandbox carrier: FedEx 2Day takes at most 150 lb, the package weighs 150.5 lb' });
    expect((await carrier.purchase(aShipment({ serviceUid: 'fedex_2_day', weightLb: 150 }), 'max', journal)).kind).toBe('bought');
  });
});

describe('UPS and FedEx sample labels after their purchase', () => {
  const DAY = 86_400_000;
  const later = (days: number) => () => new Date(FRIDAY.getTime() + days * DAY);

  it.each(['ups_ground', 'fedex_express_saver'])('voids an unused %s label at once, days after USPS would have manifested it', async (serviceUid) => {
    const label = await bought(sandbox({ lifecycle: { trackingShare: 0 } }), aShipment({ serviceUid }), `void-${serviceUid}`);
    const carrier = sandbox({ now: later(20), lifecycle: { trackingShare: 0 } });
    expect(await carrier.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: FRIDAY })).toEqual({ kind: 'voided' });
    expect(carrier.voidsAccepted).toBe(1);
  });

  it('refuses a void of a UPS label older than 90 days, and of one UPS has scanned, in UPS\'s name', async () => {
    const label = await bought(sandbox(), aShipment({ serviceUid: 'ups_ground' }), 'old');
    const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: FRIDAY };
    expect(await sandbox({ now: later(91), lifecycle: { trackingShare: 0 } }).void(toVoid)).toEqual({
      kind: 'refused',
      message: 'UPS refunds an unused label voided within 90 days of its purchase; this one is older.',
    });
    expect(await sandbox({ now: later(2), lifecycle: { trackingShare: 1 } }).void(toVoid)).toEqual({ kind: 'refused', message: 'UPS has scanned this package: a used label cannot be refunded.' });
  });

  it('settles a FedEx refund at the first question, without the USPS refund days', async () => {
    const label = await bought(sandbox(), aShipment({ serviceUid: 'fedex_ground' }), 'refund');
    const pending = { trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: FRIDAY, refundRef: null, requestedAt: FRIDAY };
    expect(await sandbox({ lifecycle: { trackingShare: 0, refundDays: 14 } }).refundStatus(pending)).toEqual({ kind: 'refunded' });
  });

  it('tracks a UPS label in UPS\'s words from its number and purchase instant alone', async () => {
    const label = await bought(sandbox(), aShipment({ serviceUid: 'ups_next_day_air' }), 'track');
    const report = await sandbox({ now: later(3), lifecycle: { trackingShare: 1 } }).track({ trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: FRIDAY });
    expect(report?.status).toBe('delivered');
    expect(report?.events.map((event) => event.message)).toEqual([
      'Shipper created a label, UPS has not received the package yet.',
      'Origin Scan',
      'Departed from Facility',
      'Out For Delivery Today',
      'Delivered',
    ]);
  });

  it('puts no UPS or FedEx label on a SCAN form, saying only USPS labels go on one', async () => {
    const carrier = sandbox();
    const usps = await bought(carrier, aShipment(), 'form-usps');
    const fedex = await bought(carrier, aShipment({ serviceUid: 'fedex_ground' }), 'form-fedex');
    const outcome = await carrier.scanForm({
      formId: 'form-1',
      mailingDate: '2026-07-17',
      from: aShipment().from,
      labels: [usps, fedex].map((label) => ({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs })),
    });
    expect(outcome).toEqual({ kind: 'refused', message: `Only USPS labels go on a SCAN form; ${fedex.trackingNumber} is a FedEx label, handed to FedEx at its pickup.` });
  });
});
