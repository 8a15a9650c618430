const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Every amount in the API is integer cents; this is the only place they become dollars, and only for display. */
export const formatCents = (cents: number): string => usd.format(cents / 100);

const pad = (value: number): string => String(value).padStart(2, '0');

/** The spec's date format: day-month-year, 24-hour clock, local time (`21-11-2026 14:05`). */
export const formatDateTime = (value: string | number | Date): string => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Cents as the text an amount input starts with (`5000` → `50.00`); no currency sign, no grouping. */
export const centsToDollarInput = (cents: number): string => (cents / 100).toFixed(2);

/**
 * A typed dollar amount (`50`, `50.5`, `$1,050.00`) as integer cents, or null when it is not one.
 * Parsed from the digits, never through floating point, so `19.99` is exactly 1999.
 */
export const dollarInputToCents = (text: string): number | null => {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  const whole = Number((match[1] ?? '0').replace(/,/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0') || '0');
  return whole * 100 + fraction;
};

/** `m-d` for download fallback names (spec 9: `Labels_{m-d}.pdf`). */
export const monthDay = (date: Date = new Date()): string => `${date.getMonth() + 1}-${date.getDate()}`;
