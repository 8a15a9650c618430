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
