/**
 * USPS Intelligent Mail package barcode (IMpb) data, as pure functions.
 * Facts and sources: /work/shared/research/formats.md §1 (fields §1.1, lengths §1.2, MOD 10 §1.4, HRI §1.5).
 *
 * Barcode data = `420` + destination ZIP (routing, not printed) + FNC1 + PIC. The PIC (= tracking number) is
 * channel application identifier + Service Type Code + Mailer ID + serial + MOD 10 check digit.
 */

/**
 * The sandbox's Mailer ID: a documented, obviously fake TEST value. It has the shape of a real 9-digit MID
 * (nine digits starting with 9, used with channel 92) so that the layout is faithful, but it belongs to no
 * mailer, and every tracking number carrying it is a sample (formats.md §2.4). Never upload these numbers to
 * a marketplace as real tracking (formats.md §3.4).
 */
export const SANDBOX_TEST_MAILER_ID = '999999999';

/** Commercial-mailer channel: `92` goes with a 9-digit MID, `93` with a 6-digit MID (formats.md §1.1). */
export type ImpbChannel = '92' | '93';

/** The sandbox emits channel 92 with its 9-digit test MID (recommendation of formats.md §1.2). */
export const SANDBOX_CHANNEL: ImpbChannel = '92';

export interface ImpbInput {
  /** Destination ZIP Code, 5 digits. */
  zip5: string;
  /** Optional ZIP+4 add-on, 4 digits: when given the routing code is `420` + 9 digits. */
  zip4?: string | null;
  channel: ImpbChannel;
  /** 3-digit Service Type Code (formats.md §1.3). */
  serviceTypeCode: string;
  /** 9 digits starting with 9 for channel 92, 6 digits for channel 93. */
  mailerId: string;
  /**
   * Unique package serial. Channel 92: 7 digits (22-digit tracking number) while it fits, else 11 digits
   * (26-digit tracking number); channel 93: 10 digits, else 14 — the two constructs Pub 199 allows per MID length.
   */
  serial: number;
}

export interface Impb {
  /** GS1-128 element string, e.g. `(420)10001(92)05599999999900000017`: what the barcode encodes. */
  barcodeData: string;
  /** The PIC, digits only, starting with the channel application identifier, e.g. `9205599999999900000017`. */
  trackingNumber: string;
  /** The tracking number in groups of four, e.g. `9205 5999 9999 9900 0000 17`. */
  hri: string;
  /** `420` + ZIP (5 or 9 digits): routing data carried in the bars only, never printed in the HRI. */
  routingCode: string;
}

const DIGITS = /^\d+$/;

/**
 * USPS MOD 10 check digit (formats.md §1.4): numbering the payload digits from the right, the digits in odd
 * positions (the rightmost one included) weigh 3, the others 1; check = (10 − sum mod 10) mod 10.
 * `digits` is the PIC without its check digit (channel AI + STC + MID + serial), never `420`+ZIP.
 */
export function mod10CheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new Error(`MOD 10 check digit needs a non-empty digit string, got "${digits}"`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `trackingNumber` is a 22- or 26-digit IMpb PIC of a known channel whose last digit is its MOD 10 check digit. */
export function isValidImpbTrackingNumber(trackingNumber: string): boolean {
  if (!/^9[2-5]\d{20}(\d{4})?$/.test(trackingNumber)) return false;
  return mod10CheckDigit(trackingNumber.slice(0, -1)) === Number(trackingNumber.slice(-1));
}

/** Groups of four digits separated by single spaces, the last group shorter (formats.md §1.5). */
export function formatImpbHri(trackingNumber: string): string {
  return trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const SERIAL_LENGTHS: Record<ImpbChannel, { mailerIdLength: number; serialLengths: readonly [number, number] }> = {
  '92': { mailerIdLength: 9, serialLengths: [7, 11] },
  '93': { mailerIdLength: 6, serialLengths: [10, 14] },
};

export function buildImpb(input: ImpbInput): Impb {
  const { zip5, zip4, channel, serviceTypeCode, mailerId, serial } = input;
  const rules = SERIAL_LENGTHS[channel];
  if (!rules) throw new Error(`IMpb channel must be 92 or 93, got "${String(channel)}"`);
  if (!/^\d{5}$/.test(zip5)) throw new Error(`IMpb destination ZIP must be 5 digits, got "${zip5}"`);
  if (zip4 != null && !/^\d{4}$/.test(zip4)) throw new Error(`IMpb ZIP+4 add-on must be 4 digits, got "${zip4}"`);
  if (!/^\d{3}$/.test(serviceTypeCode)) throw new Error(`IMpb Service Type Code must be 3 digits, got "${serviceTypeCode}"`);
  if (mailerId.length !== rules.mailerIdLength || !DIGITS.test(mailerId)) {
    throw new Error(`IMpb channel ${channel} needs a ${rules.mailerIdLength}-digit Mailer ID, got "${mailerId}"`);
  }
  if (channel === '92' && !mailerId.startsWith('9')) throw new Error(`A 9-digit Mailer ID starts with 9, got "${mailerId}"`);
  if (!Number.isSafeInteger(serial) || serial < 0) throw new Error(`IMpb serial must be a non-negative integer, got ${serial}`);

  const [short, long] = rules.serialLengths;
  const serialDigits = String(serial);
  if (serialDigits.length > long) throw new Error(`IMpb serial ${serial} does not fit ${long} digits`);
  const width = serialDigits.length <= short ? short : long;

  const payload = `${channel}${serviceTypeCode}${mailerId}${serialDigits.padStart(width, '0')}`;
  const trackingNumber = `${payload}${mod10CheckDigit(payload)}`;
  const zip = zip4 ? `${zip5}${zip4}` : zip5;
  return {
    barcodeData: `(420)${zip}(${channel})${trackingNumber.slice(channel.length)}`,
    trackingNumber,
    hri: formatImpbHri(trackingNumber),
    routingCode: `420${zip}`,
  };
}

/** Splits `12345` or `12345-6789` (also `123456789`) into its parts; null when it is neither. */
export function parseUsZip(zip: string): { zip5: string; zip4: string | null } | null {
  const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(zip.trim());
  if (!match) return null;
  return { zip5: match[1], zip4: match[2] ?? null };
}
