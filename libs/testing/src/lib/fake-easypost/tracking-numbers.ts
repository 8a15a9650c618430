import { fedExCheckDigit, upsCheckDigit } from '@labeldesk/contracts';

/**
 * Tracking numbers in each courier's own format, with the check digit the courier computes, so a label from the fake
 * passes the same format checks a real one does. The check digit rules are those of jkeen/tracking_number_data
 * (`couriers/ups.json`, `fedex.json`, `dhl.json`; MIT), whose published examples the specs check against.
 */

export { fedExCheckDigit, upsCheckDigit };

/** USPS IMpb: the service's 4-digit prefix (9400 Ground Advantage, as recorded), our mailer id 1001, a 14-digit serial. */
export const uspsTrackingNumber = (prefix: string, serial: number): string => `${prefix}1001${String(serial % 1e14).padStart(14, '0')}`;

/** The fake's UPS shipper number: six characters, as UPS account numbers are. */
const UPS_SHIPPER = 'EZ4F4K';

/** `1Z` + shipper number + the service's 2-digit code + a 7-digit serial + the check digit: 18 characters. */
export const upsTrackingNumber = (serviceCode: string, serial: number): string => {
  const body = `${UPS_SHIPPER}${serviceCode}${String(serial % 1e7).padStart(7, '0')}`;
  return `1Z${body}${upsCheckDigit(body)}`;
};

export const fedExTrackingNumber = (serial: number): string => {
  // A leading 7 as FedEx's own 12-digit numbers mostly have; the rest is the serial.
  const serial11 = `7${String(serial % 1e10).padStart(10, '0')}`;
  return `${serial11}${fedExCheckDigit(serial11)}`;
};

/** DHL Express waybills: 9 digits and their remainder by 7. */
export const dhlExpressCheckDigit = (serial9: string): number => Number(BigInt(serial9) % 7n);

export const dhlExpressTrackingNumber = (serial: number): string => {
  const serial9 = String(serial % 1e9).padStart(9, '0');
  return `${serial9}${dhlExpressCheckDigit(serial9)}`;
};
