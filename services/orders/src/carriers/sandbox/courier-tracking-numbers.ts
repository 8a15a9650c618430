/**
 * The sandbox's UPS and FedEx tracking numbers: each courier's real format and check digit, drawn from the label's
 * serial as its IMpb is, and marked as the sandbox's so its lifecycle recognises them (and no real courier's number
 * is taken for one). Check digits as jkeen/tracking_number_data publishes them (`couriers/ups.json`, `fedex.json`;
 * MIT), whose examples courier-tracking-numbers.spec.ts checks.
 */
import { fedExCheckDigit, upsCheckDigit } from '@labeldesk/contracts';

export { fedExCheckDigit, upsCheckDigit };

/**
 * The sandbox's UPS shipper numbers: `SX` and four base-36 characters carrying the serial's part above the 7-digit
 * package number, so numbers repeat only after 36⁴ × 10⁷ labels. No UPS account is known to start SX; as the IMpb's
 * test Mailer ID, it says "sample" to anyone who knows.
 */
const UPS_SHIPPER_PREFIX = 'SX';
const UPS_PACKAGE_DIGITS = 1e7;
const SANDBOX_UPS = /^1ZSX[0-9A-Z]{4}(\d{2})(\d{7})(\d)$/;

/** `1Z` + shipper (SX….) + the service's 2-digit code + a 7-digit package number + the check digit: 18 characters. */
export const sandboxUpsTrackingNumber = (serviceCode: string, serial: number): string => {
  if (!/^\d{2}$/.test(serviceCode)) throw new Error(`A UPS service code is 2 digits, got "${serviceCode}"`);
  const high = Math.floor(serial / UPS_PACKAGE_DIGITS) % 36 ** 4;
  const shipper = `${UPS_SHIPPER_PREFIX}${high.toString(36).toUpperCase().padStart(4, '0')}`;
  const body = `${shipper}${serviceCode}${String(serial % UPS_PACKAGE_DIGITS).padStart(7, '0')}`;
  return `1Z${body}${upsCheckDigit(body)}`;
};

/** The sandbox's FedEx numbers: its own prefix 99, 9 digits of the serial (repeating after 10⁹ labels), the check digit. */
const FEDEX_PREFIX = '99';
const SANDBOX_FEDEX = /^99\d{10}$/;

export const sandboxFedExTrackingNumber = (serial: number): string => {
  const digits11 = `${FEDEX_PREFIX}${String(serial % 1e9).padStart(9, '0')}`;
  return `${digits11}${fedExCheckDigit(digits11)}`;
};

export const isSandboxUpsTrackingNumber = (trackingNumber: string): boolean =>
  SANDBOX_UPS.test(trackingNumber) && upsCheckDigit(trackingNumber.slice(2, 17)) === Number(trackingNumber.slice(17));

export const isSandboxFedExTrackingNumber = (trackingNumber: string): boolean =>
  SANDBOX_FEDEX.test(trackingNumber) && fedExCheckDigit(trackingNumber.slice(0, 11)) === Number(trackingNumber.slice(11));

/** As printed under the barcode: UPS `1Z SX0 000 03 1234 567 8` (its own grouping), FedEx `9900 0000 1234`. */
export const courierTrackingHri = (trackingNumber: string): string =>
  trackingNumber.startsWith('1Z')
    ? [trackingNumber.slice(0, 2), trackingNumber.slice(2, 5), trackingNumber.slice(5, 8), trackingNumber.slice(8, 10), trackingNumber.slice(10, 14), trackingNumber.slice(14, 17), trackingNumber.slice(17)].join(' ')
    : trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
