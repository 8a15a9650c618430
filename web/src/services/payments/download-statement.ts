import { monthOf, statementFileName } from '@labeldesk/contracts';
import { downloadFile } from '../../libs/download-file';

/** Saves a customer's monthly statement (GET /api/statements/{userId}/{YYYY-MM}); resolves with the file's name. */
export const downloadStatement = (userId: string, month: string): Promise<string> =>
  downloadFile(`/api/statements/${encodeURIComponent(userId)}/${encodeURIComponent(month)}`, statementFileName(month));

/** How many months the picker offers at most, newest first. */
export const STATEMENT_MONTHS_OFFERED = 24;

/**
 * The months a statement can be asked for, newest first: this month (UTC) back to the month the account was opened,
 * at most STATEMENT_MONTHS_OFFERED of them; this month alone when the registration date is unknown.
 */
export const statementMonths = (registeredAt: string | null | undefined, now: Date = new Date()): string[] => {
  const registered = registeredAt ? new Date(registeredAt) : null;
  const first = registered && !Number.isNaN(registered.getTime()) ? monthOf(registered) : monthOf(now);
  const months: string[] = [];
  let year = now.getUTCFullYear();
  let index = now.getUTCMonth();
  while (months.length < STATEMENT_MONTHS_OFFERED) {
    const month = `${year}-${String(index + 1).padStart(2, '0')}`;
    months.push(month);
    if (month <= first) break;
    index -= 1;
    if (index < 0) {
      index = 11;
      year -= 1;
    }
  }
  return months;
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-11` → `November 2026`. */
export const monthLabel = (month: string): string => {
  const [year, index] = month.split('-');
  return `${MONTH_NAMES[Number(index) - 1] ?? index} ${year}`;
};
