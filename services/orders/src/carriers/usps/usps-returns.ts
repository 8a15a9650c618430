import type { CarrierReturns } from '../returns/carrier-returns';

/**
 * USPS's own return labels (decision 118): `POST /labels/v3/return-label`. USPS bills return services to our account
 * when the label is used (the spec's "pay on use returns label"), but we sell them prepaid: the seller is charged under
 * `return:<id>` before the label is bought and refunded if USPS refuses it, as decision 101's prepaid returns are.
 */
export const uspsReturns: CarrierReturns = {
  carrier: 'usps',
  paymentFor: (courier) => (courier === 'usps' ? 'prepaid' : null),
};
