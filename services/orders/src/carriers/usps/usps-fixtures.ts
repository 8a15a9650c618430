import type { LabelShipment } from '../carrier.port';
import type { UspsShipper } from './usps.mapper';

/** A shipment for the USPS specs (Ground Advantage, Columbus OH to New York NY, 1.5 lb), with what a spec changes. */
export const uspsTestShipment = (overrides: Partial<LabelShipment> = {}): LabelShipment => ({
  serviceUid: 'usps_ground_advantage',
  shipper: null,
  from: { name: 'Ada Lovelace', company: null, phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: null, city: 'New York', state: 'NY', zip: '10118', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: null, reference1: null, reference2: null },
  ...overrides,
});

/** The shipper every USPS spec reports (`SENDER_INFORMATION`). */
export const USPS_TEST_SHIPPER: UspsShipper = { platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' };
