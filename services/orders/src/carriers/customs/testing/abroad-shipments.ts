import type { Customs } from '@labeldesk/contracts';
import type { BoughtLabel, LabelAddress, LabelFormat, LabelShipment, PurchaseOutcome } from '../../carrier.port';

/** Receivers abroad as the contract reads them: a province where the country uses one, the country's postal code. */
export const ABROAD: Readonly<Record<'CA' | 'GB' | 'DE', LabelAddress>> = {
  CA: { name: 'Jean Tremblay', company: null, phone: '4165550142', street1: '100 Queen St W', street2: null, city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA' },
  GB: { name: 'Oliver Smith', company: null, phone: null, street1: '10 Downing Street', street2: null, city: 'London', state: '', zip: 'SW1A 2AA', country: 'GB' },
  DE: { name: 'Lena Vogel', company: 'Vogel GmbH', phone: null, street1: 'Unter den Linden 77', street2: null, city: 'Berlin', state: '', zip: '10117', country: 'DE' },
};

/** Two lines with HS numbers (the EU requires them), as the contract's customs reads a declaration. */
export const twoItemCustoms = (overrides: Partial<Customs> = {}): Customs => ({
  contents_type: 'merchandise',
  contents_explanation: null,
  non_delivery_option: 'return',
  incoterm: null,
  signer: 'Ada Sender',
  eel_pfc: null,
  itn: null,
  items: [
    { description: 'Cotton T-shirt', quantity: 2, value_cents: 4_000, weight_lb: 0.75, hs_tariff_number: '610910', origin_country: 'US' },
    { description: 'Enamel mug', quantity: 1, value_cents: 1_550, weight_lb: 0.9, hs_tariff_number: '691200', origin_country: 'CN' },
  ],
  ...overrides,
});

/** A 2 lb parcel from Columbus, OH to `country`, with the two-item declaration. */
export const anAbroadShipment = (options: { serviceUid: string; country?: keyof typeof ABROAD; format?: LabelFormat; customs?: Customs | null }): LabelShipment => ({
    serviceUid: options.serviceUid,
    ...(options.format ? { format: options.format } : {}),
    shipper: { accountId: 'user-abroad-1', email: 'seller@example.com', phone: '6145550100' },
    from: { name: 'Acme Widgets', company: null, phone: '6145550100', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to: ABROAD[options.country ?? 'CA'],
    package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2, description: 'Shirts and a mug', reference1: null, reference2: null },
  ...(options.customs === null ? {} : { customs: options.customs ?? twoItemCustoms() }),
});

/** The label of a purchase that must have bought one. */
export const boughtLabel = (outcome: PurchaseOutcome): BoughtLabel => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};
