import { easyPostRecorded, type EasyPostRecordings } from '@labeldesk/testing';
import type { LabelShipment } from '../carrier.port';
import { normaliseError } from './easypost.client';
import {
  costCentsOf,
  fieldInWords,
  isBought,
  labelFileUrlOf,
  microsOf,
  noRateMessageOf,
  shippingServiceOf,
  serviceRatesOf,
  shippingServiceOfRate,
  courierNameOf,
  ouncesOf,
  pickRate,
  refusalMessageOf,
  toBoughtLabel,
  toCreateShipmentRequest,
  voidOutcomeOfRefund,
} from './easypost.mapper';
import { easyPostRefundSchema, easyPostShipmentSchema, type EasyPostShipment } from './easypost.schema';

/** EasyPost's recorded answers (@labeldesk/testing, fake-easypost/recorded/README.md says where each comes from). */
const shipmentIn = (name: EasyPostRecordings['shipment']): EasyPostShipment => easyPostShipmentSchema.parse(easyPostRecorded('shipment', name).body);
const carriersIn = (name: EasyPostRecordings['carriers']): EasyPostShipment => easyPostShipmentSchema.parse(easyPostRecorded('carriers', name).body);
const errorIn = (name: EasyPostRecordings['error']) => {
  const { status, body } = easyPostRecorded('error', name);
  return normaliseError(body, status);
};

const shipment = (overrides: Partial<LabelShipment['package']> = {}): LabelShipment => ({
  serviceUid: 'usps_ground_advantage',
  shipper: null,
  from: { name: 'Acme Widgets', company: 'Acme', phone: '6145550100', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widget', reference1: '2', reference2: 'SKU-1', ...overrides },
});

describe('EasyPost mapper', () => {
  describe('the create-shipment request', () => {
    it('sends both addresses without empty fields, the parcel in inches and ounces, a 4x6 PDF and our key as reference', () => {
      expect(toCreateShipmentRequest(shipment(), 'row-key-1')).toEqual({
        shipment: {
          from_address: { name: 'Acme Widgets', company: 'Acme', phone: '6145550100', street1: '1200 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
          to_address: { name: 'Jane Doe', street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
          parcel: { length: 10, width: 8, height: 4, weight: 24 },
          options: { label_format: 'PDF', label_size: '4x6', print_custom_1: '2', print_custom_2: 'SKU-1' },
          reference: 'row-key-1',
        },
      });
    });

    it('leaves the label references out when the package has none', () => {
      const request = toCreateShipmentRequest(shipment({ reference1: null, reference2: null }), 'k');
      expect(request.shipment.options).toEqual({ label_format: 'PDF', label_size: '4x6' });
    });

    it('asks for a 4x6 ZPL label when the shipment wants ZPL', () => {
      const request = toCreateShipmentRequest({ ...shipment({ reference1: null, reference2: null }), format: 'ZPL' }, 'k');
      expect(request.shipment.options).toEqual({ label_format: 'ZPL', label_size: '4x6' });
    });

    it.each([
      [1, 16],
      [0.1, 1.6],
      [0.9625, 15.4],
      [0.15251, 2.5],
      [70, 1120],
      [1 / 3, 5.4],
    ])('declares %p lb as %p oz: one decimal, never below the real weight', (weightLb, ounces) => {
      expect(ouncesOf(weightLb)).toBe(ounces);
    });
  });

  describe('shipping services and rates', () => {
    it("maps each catalog service to its courier's EasyPost service, and each carrier spelling of a courier back", () => {
      expect(
        ['usps_priority', 'usps_priority_express', 'usps_ground_advantage', 'ups_ground', 'ups_3_day_select', 'ups_2nd_day_air', 'ups_next_day_air', 'fedex_ground', 'fedex_express_saver', 'fedex_2_day', 'fedex_standard_overnight', 'dhl_express_worldwide'].map((uid) => [
          uid,
          shippingServiceOf(uid)?.courier,
          shippingServiceOf(uid)?.service,
        ]),
      ).toEqual([
        ['usps_priority', 'usps', 'Priority'],
        ['usps_priority_express', 'usps', 'Express'],
        ['usps_ground_advantage', 'usps', 'GroundAdvantage'],
        ['ups_ground', 'ups', 'Ground'],
        ['ups_3_day_select', 'ups', '3DaySelect'],
        ['ups_2nd_day_air', 'ups', '2ndDayAir'],
        ['ups_next_day_air', 'ups', 'NextDayAir'],
        ['fedex_ground', 'fedex', 'FEDEX_GROUND'],
        ['fedex_express_saver', 'fedex', 'FEDEX_EXPRESS_SAVER'],
        ['fedex_2_day', 'fedex', 'FEDEX_2_DAY'],
        ['fedex_standard_overnight', 'fedex', 'STANDARD_OVERNIGHT'],
        ['dhl_express_worldwide', 'dhl_express', 'ExpressWorldwideNonDoc'],
      ]);
      expect(shippingServiceOf('ups_ground')).toMatchObject({ name: 'UPS Ground', category: 'UPS', maxWeightLb: 150 });
      expect(shippingServiceOfRate('USPS', 'GroundAdvantage')?.uid).toBe('usps_ground_advantage');
      expect(shippingServiceOfRate('UPS', 'Ground')?.uid).toBe('ups_ground');
      expect(shippingServiceOfRate('UPSDAP', '3DaySelect')?.uid).toBe('ups_3_day_select');
      expect(shippingServiceOfRate('FedExDefault', 'STANDARD_OVERNIGHT')?.uid).toBe('fedex_standard_overnight');
      expect(shippingServiceOfRate('DHLExpress', 'ExpressWorldwideNonDoc')?.uid).toBe('dhl_express_worldwide');
      // A service outside the catalog, and a service name under the wrong courier.
      expect(shippingServiceOfRate('UPS', 'NextDayAirSaver')).toBeUndefined();
      expect(shippingServiceOfRate('USPS', 'Ground')).toBeUndefined();
      expect(shippingServiceOfRate('DhlEcs', 'DHLParcelGround')).toBeUndefined();
    });

    it('picks the recorded rate of each shipping service', () => {
      const { rates } = shipmentIn('created');
      expect(pickRate(rates, 'usps_ground_advantage')).toMatchObject({ id: 'rate_78a95380360a4d229afa780be8ae1262', rate: '5.93' });
      expect(pickRate(rates, 'usps_priority')).toMatchObject({ id: 'rate_5f5fe878cbd4498ba321ed304fc2e7e0', rate: '6.90' });
      expect(pickRate(rates, 'usps_priority_express')).toMatchObject({ id: 'rate_7eca49b028b648708626bef83d358cb6', rate: '33.10' });
      expect(pickRate(rates, 'ups_ground')).toBeNull();
    });

    it("picks the recorded UPS rates of a UPS account and of EasyPost's own UPSDAP account, and the documented FedExDefault ones", () => {
      expect(pickRate(carriersIn('upsRated').rates, 'ups_ground')).toMatchObject({ carrier: 'UPS', service: 'Ground', rate: '14.88', delivery_days: 2, delivery_date: '2024-09-18T23:00:00Z' });
      expect(pickRate(carriersIn('upsRated').rates, 'ups_next_day_air')).toMatchObject({ rate: '88.31', delivery_days: 1 });
      expect(pickRate(carriersIn('upsDapRated').rates, 'ups_2nd_day_air')).toMatchObject({ carrier: 'UPSDAP', rate: '11.50' });
      expect(pickRate(carriersIn('fedExDefaultDocumented').rates, 'fedex_ground')).toMatchObject({ carrier: 'FedExDefault', service: 'FEDEX_GROUND', rate: '36.75' });
      expect(pickRate(carriersIn('fedExDefaultDocumented').rates, 'fedex_2_day')).toBeNull();
    });

    it('picks the cheapest when two accounts rate the same service, and ignores other carriers', () => {
      const rates = [
        { id: 'rate_a', carrier: 'USPS', service: 'Priority', rate: '10.05' },
        { id: 'rate_b', carrier: 'USPS', service: 'Priority', rate: '9.95' },
        { id: 'rate_c', carrier: 'UPSDAP', service: 'Priority', rate: '1.00' },
        { id: 'rate_d', carrier: 'UPS', service: 'Ground', rate: '12.00' },
        { id: 'rate_e', carrier: 'UPSDAP', service: 'Ground', rate: '7.12' },
      ];
      expect(pickRate(rates, 'usps_priority')?.id).toBe('rate_b');
      expect(pickRate(rates, 'ups_ground')?.id).toBe('rate_e');
    });

    it("lists each catalog service's cost in cents and delivery estimate from one rated shipment, for the couriers asked", () => {
      const rated = carriersIn('upsRated');
      expect(serviceRatesOf(rated.rates, new Set(['usps', 'ups']))).toEqual([
        { serviceUid: 'usps_priority', costCents: 690, deliveryDays: 2, deliveryDate: null },
        { serviceUid: 'usps_priority_express', costCents: 3310, deliveryDays: 1, deliveryDate: null },
        { serviceUid: 'usps_ground_advantage', costCents: 593, deliveryDays: 3, deliveryDate: null },
        { serviceUid: 'ups_ground', costCents: 1488, deliveryDays: 2, deliveryDate: '2024-09-18T23:00:00Z' },
        { serviceUid: 'ups_3_day_select', costCents: 2241, deliveryDays: 3, deliveryDate: '2024-09-19T23:00:00Z' },
        { serviceUid: 'ups_2nd_day_air', costCents: 2939, deliveryDays: 2, deliveryDate: '2024-09-18T23:00:00Z' },
        { serviceUid: 'ups_next_day_air', costCents: 8831, deliveryDays: 1, deliveryDate: '2024-09-17T10:30:00Z' },
      ]);
      expect(serviceRatesOf(rated.rates, new Set(['ups'])).map((rate) => rate.serviceUid)).toEqual(['ups_ground', 'ups_3_day_select', 'ups_2nd_day_air', 'ups_next_day_air']);
    });

    it('reads a DHL Express rate (no recording has one: a recorded UPS rate respelled) as DHL Express Worldwide', () => {
      const ups = carriersIn('upsRated').rates.find((rate) => rate.service === 'Ground');
      if (!ups) throw new Error('no recorded UPS Ground rate');
      const dhl = { ...ups, id: 'rate_dhl', carrier: 'DHLExpress', service: 'ExpressWorldwideNonDoc', rate: '52.60', delivery_days: 3, delivery_date: '2024-09-20T23:00:00Z' };
      expect(serviceRatesOf([ups, dhl], new Set(['dhl_express']))).toEqual([{ serviceUid: 'dhl_express_worldwide', costCents: 5260, deliveryDays: 3, deliveryDate: '2024-09-20T23:00:00Z' }]);
      expect(courierNameOf({ selected_rate: dhl })).toBe('DHL Express');
    });

    it('sends carrier_accounts only when accounts are given, and no reference for a rate quote', () => {
      expect(toCreateShipmentRequest(shipment(), 'key-1', ['ca_ups', 'ca_fedex']).shipment).toMatchObject({ reference: 'key-1', carrier_accounts: ['ca_ups', 'ca_fedex'] });
      expect(toCreateShipmentRequest(shipment(), 'key-1').shipment).not.toHaveProperty('carrier_accounts');
      expect(toCreateShipmentRequest(shipment(), null, ['ca_ups']).shipment).not.toHaveProperty('reference');
    });

    it('says plainly which shipping service is not offered, with the reason its courier gave', () => {
      const created = shipmentIn('created');
      const withoutPriority = { ...created, rates: created.rates.filter((rate) => rate.service !== 'Priority'), messages: [{ carrier: 'USPS', type: 'rate_error', message: 'Priority Mail is not available to this ZIP.' }] };
      expect(noRateMessageOf(withoutPriority, 'usps_priority')).toBe('USPS Priority Mail is not offered for this shipment (Priority Mail is not available to this ZIP).');
      expect(noRateMessageOf({ ...created, rates: [] }, 'usps_ground_advantage')).toBe('USPS Ground Advantage is not offered for this shipment.');
      // The recorded UPS rate_error is UPS's reason, not USPS's.
      const luma = shipmentIn('createdWithRateError');
      expect(noRateMessageOf(luma, 'ups_ground')).toBe('UPS Ground is not offered for this shipment (Account numbers should be 6 characters or less).');
      expect(noRateMessageOf(luma, 'usps_priority')).toBe('USPS Priority Mail is not offered for this shipment.');
    });
  });

  describe('money', () => {
    it('reads decimal strings exactly, in millionths of a dollar', () => {
      expect(microsOf('5.93')).toBe(5_930_000n);
      expect(microsOf('5.93000')).toBe(5_930_000n);
      expect(microsOf('0')).toBe(0n);
      expect(microsOf('12.3456785')).toBe(12_345_679n);
      expect(() => microsOf('-1.00')).toThrow(RangeError);
      expect(() => microsOf('1e3')).toThrow(RangeError);
    });

    it('costs the recorded buy at the rate plus insurance, without counting the PostageFee (the same postage) twice', () => {
      // Recorded: rate 5.93; fees LabelFee 0.00000, PostageFee 5.93000, InsuranceFee 0.50000.
      expect(costCentsOf(shipmentIn('bought'))).toBe(643);
    });

    it('adds fees without floating-point error and rounds the sum once, half up', () => {
      const bought = shipmentIn('bought');
      const rated = (rate: string, fees: EasyPostShipment['fees']) => ({ ...bought, selected_rate: { ...bought.selected_rate!, rate }, fees });
      const fee = (type: string, amount: string, refunded = false) => ({ type, amount, charged: true, refunded });
      expect(costCentsOf(rated('0.10', [fee('LabelFee', '0.20000')]))).toBe(30);
      expect(costCentsOf(rated('1.00', [fee('CarbonOffsetFee', '0.00500'), fee('LabelFee', '0.00000')]))).toBe(101);
      expect(costCentsOf(rated('1.00', [fee('CarbonOffsetFee', '0.00400')]))).toBe(100);
      expect(costCentsOf(rated('7.00', [fee('InsuranceFee', '0.50000', true), { type: 'LabelFee', amount: '0.05000', charged: false, refunded: false }]))).toBe(700);
    });

    it('costs the postage from the PostageFee when no rate was selected', () => {
      const bought = shipmentIn('bought');
      expect(costCentsOf({ ...bought, selected_rate: null })).toBe(643);
    });
  });

  describe('a bought shipment', () => {
    it('becomes our label: tracking code, shipping service, PDF bytes, cost and the shp_/rate_/trk_ ids', () => {
      const pdf = Buffer.from('%PDF-1.7');
      expect(toBoughtLabel(shipmentIn('bought'), 'PDF', pdf)).toEqual({
        carrier: 'easypost',
        trackingNumber: '9400100110368068953242',
        serviceUid: 'usps_ground_advantage',
        format: 'PDF',
        file: pdf,
        costCents: 643,
        retailCents: 845,
        carrierRefs: { shipmentId: 'shp_d7aa1bf4171041609ad0a4f2e97e2d26', rateId: 'rate_78a95380360a4d229afa780be8ae1262', trackerId: 'trk_9b524098625946808bf768e983af3c6a', carrierAccountId: 'ca_5ba7ca3632c54adeb17ad4bcac13c890' },
      });
    });

    it("keeps the bought rate's retail rate, and none when EasyPost gives none", () => {
      const bought = shipmentIn('bought');
      expect(toBoughtLabel(bought, 'PDF', Buffer.from('%PDF-'))?.retailCents).toBe(845);
      const withoutRetail = { ...bought, selected_rate: bought.selected_rate ? { ...bought.selected_rate, retail_rate: null } : null };
      expect(toBoughtLabel(withoutRetail, 'PDF', Buffer.from('%PDF-'))?.retailCents).toBeNull();
    });

    it('is no label while the shipment is only rated', () => {
      expect(toBoughtLabel(shipmentIn('created'), 'PDF', Buffer.from('%PDF-'))).toBeNull();
      expect(labelFileUrlOf(shipmentIn('created'), 'PDF')).toBeNull();
      expect(isBought(shipmentIn('created'))).toBe(false);
    });

    it('names no PDF or ZPL file for the recorded buy, whose label_url is a PNG: the label is bought and must be converted', () => {
      const bought = shipmentIn('bought');
      expect(bought.postage_label).toMatchObject({ label_file_type: 'image/png', label_url: expect.stringMatching(/\.png$/) });
      expect(labelFileUrlOf(bought, 'PDF')).toBeNull();
      expect(labelFileUrlOf(bought, 'ZPL')).toBeNull();
      expect(isBought(bought)).toBe(true);
    });

    it('downloads ZPL from the label_zpl_url the recorded conversion answered', () => {
      expect(labelFileUrlOf(shipmentIn('converted'), 'ZPL')).toBe('https://easypost-files.s3-us-west-2.amazonaws.com/files/postage_label/20240730/adb7840eb4b94836b5d67c0b7d68a53b.zpl');
      expect(labelFileUrlOf(shipmentIn('converted'), 'PDF')).toBeNull();
    });

    it('downloads from label_pdf_url, or from label_url when its file type says it is the format asked', () => {
      const bought = shipmentIn('bought');
      const labelled = (label: Partial<NonNullable<EasyPostShipment['postage_label']>>) => ({ ...bought, postage_label: { ...bought.postage_label!, ...label } });
      expect(labelFileUrlOf(labelled({ label_pdf_url: 'https://files.example/label.pdf' }), 'PDF')).toBe('https://files.example/label.pdf');
      expect(labelFileUrlOf(labelled({ label_url: 'https://files.example/a.pdf', label_file_type: 'application/pdf' }), 'PDF')).toBe('https://files.example/a.pdf');
      expect(labelFileUrlOf(labelled({ label_url: 'https://files.example/a.pdf', label_file_type: 'application/pdf' }), 'ZPL')).toBeNull();
      expect(labelFileUrlOf(labelled({ label_url: 'https://files.example/a.zpl', label_file_type: 'application/zpl' }), 'ZPL')).toBe('https://files.example/a.zpl');
    });

    it('becomes a ZPL label when ZPL was asked for', () => {
      const zpl = Buffer.from('^XA^FDEASYPOST TEST^FS^XZ');
      expect(toBoughtLabel(shipmentIn('bought'), 'ZPL', zpl)).toMatchObject({ format: 'ZPL', file: zpl, trackingNumber: '9400100110368068953242' });
    });
  });

  describe('refunds', () => {
    it('reads the recorded refund as pending, with the shipment id as the reference to follow', () => {
      const refunded = shipmentIn('refundSubmitted');
      expect(voidOutcomeOfRefund(refunded.refund_status, refunded.id)).toEqual({ kind: 'refund_pending', refundRef: 'shp_7800715831eb412a8376c0733f6a7974' });
    });

    it('reads refunded as voided, not applicable as refused, and none or rejected as not asked yet', () => {
      expect(voidOutcomeOfRefund('refunded', 'shp_1')).toEqual({ kind: 'voided' });
      expect(voidOutcomeOfRefund('not_applicable', 'shp_1')).toEqual({ kind: 'refused', message: 'USPS does not refund this label: it has been used or is past the refund window.' });
      expect(voidOutcomeOfRefund('not_applicable', 'shp_1', 'UPS')).toEqual({ kind: 'refused', message: 'UPS does not refund this label: it has been used or is past the refund window.' });
      expect(voidOutcomeOfRefund('rejected', 'shp_1')).toBeNull();
      expect(voidOutcomeOfRefund(null, 'shp_1')).toBeNull();
    });

    it('reads the recorded bulk refund answer', () => {
      const [refund] = easyPostRefundSchema.array().parse(easyPostRecorded('refund', 'bulk').body);
      expect(refund).toEqual({ id: 'rfnd_bf0275a8a3fd4a92a375777de5fe57e7', tracking_code: '9400100110368068953068', status: 'submitted', carrier: 'USPS', shipment_id: 'shp_d6a7ef3fbb364284a6814408a0f20269' });
    });
  });

  describe('refusals in plain words', () => {
    it('says the address could not be found, with what EasyPost found wrong', () => {
      expect(refusalMessageOf(errorIn('addressNotFound'))).toBe('The address could not be found (Address not found). Check the street, city, state and ZIP code.');
      expect(refusalMessageOf(errorIn('houseNumberMissing'))).toBe(
        'The address could not be found (Address not found; street House number is missing). Check the street, city, state and ZIP code.',
      );
    });

    it('names the missing parameter', () => {
      expect(refusalMessageOf(errorIn('parameterRequired'))).toBe('EasyPost refused the shipment: shipment cannot be blank.');
    });

    it('names an invalid field as a customer would', () => {
      const error = normaliseError({ error: { code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: [{ field: 'parcel.weight', message: 'must be greater than 0' }] } }, 422);
      expect(refusalMessageOf(error)).toBe('EasyPost refused the shipment: package weight must be greater than 0.');
      expect(fieldInWords('to_address.zip')).toBe('recipient ZIP code');
      expect(fieldInWords('from_address.street2')).toBe('sender second address line');
    });

    it('reads errors given as plain strings (the alternative format)', () => {
      expect(refusalMessageOf(errorIn('stringErrors'))).toBe(
        'EasyPost refused the shipment: The requested resource could not be found (No eligible insurance found with provided tracking code).',
      );
    });

    it('never passes braces or brackets on to a customer', () => {
      const error = normaliseError({ error: { code: 'SHIPMENT.INVALID', message: { detail: ['bad {thing}'] }, errors: [{ field: 'x', message: '[1]' }] } }, 422);
      expect(refusalMessageOf(error)).not.toMatch(/[{}[\]]|undefined|\[object/);
    });
  });
});
