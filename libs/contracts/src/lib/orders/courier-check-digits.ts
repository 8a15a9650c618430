/**
 * Couriers' tracking-number check digits, as jkeen/tracking_number_data publishes them (`couriers/ups.json`,
 * `fedex.json`; MIT): one place for the sandbox, which draws such numbers, and the carriers' fakes, which answer them.
 */

/** A UPS letter counts as ((its code − 63) mod 10): A is 2, … H is 9, I is 0 (tracking_number_data's `mod10` of 1Z). */
const upsValue = (char: string): number => (char >= '0' && char <= '9' ? Number(char) : (char.charCodeAt(0) - 63) % 10);

/** UPS's mod-10 check digit over the 15 characters after `1Z`: odd positions once, even positions twice. */
export const upsCheckDigit = (body: string): number => {
  const sum = [...body.toUpperCase()].reduce((total, char, index) => total + upsValue(char) * (index % 2 === 1 ? 2 : 1), 0);
  return (10 - (sum % 10)) % 10;
};

const FEDEX_WEIGHTS = [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1] as const;

/** FedEx's check digit of a 12-digit number: the first 11 digits weighted 3, 1, 7 … from the left, mod 11 (10 reads 0). */
export const fedExCheckDigit = (digits11: string): number =>
  ([...digits11].reduce((sum, digit, index) => sum + Number(digit) * (FEDEX_WEIGHTS[index] ?? 0), 0) % 11) % 10;
