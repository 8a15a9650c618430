import type { LabelAddress, LabelFormat, LabelShipment } from '../carrier.port';

const address = (overrides: Partial<LabelAddress> = {}): LabelAddress => ({
  name: 'Jane Doe',
  company: null,
  phone: null,
  street1: '350 Fifth Ave',
  street2: 'Ste 4200',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  ...overrides,
});

/** A parcel from Columbus, OH to New York, NY that every USPS mail class takes. */
export const aShipment = (overrides: { serviceUid?: string; weightLb?: number; toZip?: string; format?: LabelFormat } = {}): LabelShipment => ({
  serviceUid: overrides.serviceUid ?? 'usps_priority',
  ...(overrides.format ? { format: overrides.format } : {}),
  shipper: null,
  from: address({ name: 'Acme Widgets', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215' }),
  to: address({ zip: overrides.toZip ?? '10118' }),
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: overrides.weightLb ?? 1.5, description: 'Widget', reference1: '1', reference2: 'SKU-1' },
});
