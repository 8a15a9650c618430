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

/** UPU S10's weights for the 8-digit serial of an international item number. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** UPU S10 check digit: 11 − (weighted sum mod 11), 10 → 0 and 11 → 5. */
export const s10CheckDigit = (serial8: string): number => {
  const sum = [...serial8].reduce((total, digit, index) => total + Number(digit) * (S10_WEIGHTS[index] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
};

/** A USPS international item number (UPU S10): the service's 2 letters, 8 digits, the check digit, `US`. */
export const s10TrackingNumber = (prefix: string, serial: number): string => {
  const serial8 = String(serial % 1e8).padStart(8, '0');
  return `${prefix}${serial8}${s10CheckDigit(serial8)}US`;
};
