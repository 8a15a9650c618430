/** Cents → BTCPay's decimal string ("12.50"), without floating point. */
export const centsToDecimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** BTCPay's decimal string → cents; null when it is not a plain non-negative decimal or has sub-cent digits. */
export const decimalToCents = (value: string): number | null => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
};
