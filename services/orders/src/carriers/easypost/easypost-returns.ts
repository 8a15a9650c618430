import type { CarrierReturns } from '../returns/carrier-returns';

/**
 * EasyPost's return labels (decision 101): a shipment with `is_return: true` and the outbound addresses. EasyPost
 * charges a return when it is bought unless the account is in USPS's scan-based return program (over 10,000 USPS
 * returns a year, arranged with EasyPost), so every EasyPost return is prepaid here.
 */
export const easyPostReturns: CarrierReturns = {
  carrier: 'easypost',
  paymentFor: () => 'prepaid',
};
