import type { CarrierReturns } from '../returns/carrier-returns';

/**
 * The sandbox's return labels (decision 101) simulate what the couriers sell: USPS pay-on-use returns (charged at the
 * first scan, which the sandbox simulates as it does for every label: SANDBOX_SCAN_AFTER_SECONDS, SANDBOX_TRACKING_SHARE),
 * UPS and FedEx returns prepaid.
 */
export const sandboxReturns: CarrierReturns = {
  carrier: 'sandbox',
  paymentFor: (courier) => (courier === 'usps' ? 'on_use' : 'prepaid'),
};
