import type { LabelShipment } from '../carrier.port';

/**
 * Shipments for the EasyPost specs: one the fake EasyPost sells, and one to the address EasyPost recorded as not found
 * (EasyPost/examples' "incorrect" address: "000 unknown street", Not A City, ZZ 00001).
 */
export const easyPostTestShipment = (overrides: Partial<LabelShipment> = {}): LabelShipment => ({
  serviceUid: 'usps_priority',
  shipper: null,
  from: { name: 'Acme Widgets', company: 'Acme', phone: '6145550100', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widget', reference1: '1', reference2: 'SKU-1' },
  ...overrides,
});

export const easyPostUndeliverableShipment = (): LabelShipment => {
  const shipment = easyPostTestShipment();
  return { ...shipment, to: { ...shipment.to, street1: '000 unknown street', street2: null, city: 'Not A City', state: 'ZZ', zip: '00001' } };
};
