/**
 * The sandbox's item numbers abroad (decision 098). USPS: a UPU S10 number (two letters of the service, eight digits,
 * the check digit, `US`), whose eight digits start with 9 and carry the serial: the sandbox's mark, as its test Mailer
 * ID is on IMpb. DHL Express: a 10-digit waybill, `99`, seven digits of the serial and the check digit (the first
 * nine digits modulo 7).
 */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** UPU S10 check digit of the eight serial digits: 11 − (Σ digit × weight mod 11), 10 → 0 and 11 → 5. */
export const s10CheckDigit = (digits8: string): number => {
  const sum = [...digits8].reduce((total, digit, i) => total + Number(digit) * (S10_WEIGHTS[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
};

const SANDBOX_S10 = /^([A-Z]{2})(9\d{7})(\d)US$/;

export const sandboxS10Number = (prefix: string, serial: number): string => {
  if (!/^[A-Z]{2}$/.test(prefix)) throw new Error(`An S10 service indicator is two letters, got "${prefix}"`);
  const digits = `9${String(serial % 1e7).padStart(7, '0')}`;
  return `${prefix}${digits}${s10CheckDigit(digits)}US`;
};

export const isSandboxS10Number = (trackingNumber: string): boolean => {
  const match = SANDBOX_S10.exec(trackingNumber);
  return match !== null && s10CheckDigit(match[2] ?? '') === Number(match[3]);
};

const SANDBOX_DHL = /^99\d{8}$/;

export const dhlCheckDigit = (digits9: string): number => Number(digits9) % 7;

export const sandboxDhlWaybill = (serial: number): string => {
  const digits9 = `99${String(serial % 1e7).padStart(7, '0')}`;
  return `${digits9}${dhlCheckDigit(digits9)}`;
};

export const isSandboxDhlWaybill = (trackingNumber: string): boolean => SANDBOX_DHL.test(trackingNumber) && dhlCheckDigit(trackingNumber.slice(0, 9)) === Number(trackingNumber.slice(9));

/** As printed: S10 `LZ 9000 0012 3 US`, a DHL waybill `99 0000 0123`. */
export const internationalTrackingHri = (trackingNumber: string): string =>
  isSandboxS10Number(trackingNumber)
    ? `${trackingNumber.slice(0, 2)} ${trackingNumber.slice(2, 6)} ${trackingNumber.slice(6, 10)} ${trackingNumber.slice(10, 11)} ${trackingNumber.slice(11)}`
    : `${trackingNumber.slice(0, 2)} ${trackingNumber.slice(2, 6)} ${trackingNumber.slice(6)}`;
