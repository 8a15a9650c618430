import { TOPUP_LIMITS, topUpAmountSchema } from '@labeldesk/contracts';
import { dollarInputToCents, formatCents } from '../../../libs/format';

/** The quick-amount chips, in cents. */
export const QUICK_AMOUNTS_CENTS: readonly number[] = [2_500, 5_000, 10_000, 25_000];

export const TOP_UP_RANGE_TEXT = `Between ${formatCents(TOPUP_LIMITS.minCents)} and ${formatCents(TOPUP_LIMITS.maxCents)}.`;

export type TopUpAmountCheck = { ok: true; cents: number } | { ok: false; message: string | null };

/**
 * The typed dollars as cents, checked with the server's own schema. The limits' messages are written with
 * `formatCents` so they read `$10,000.00` like every other amount on screen. An empty field is not an error
 * yet (no message), but it cannot be paid either.
 */
export const checkTopUpAmount = (text: string): TopUpAmountCheck => {
  if (!text.trim()) return { ok: false, message: null };
  const cents = dollarInputToCents(text);
  if (cents === null) return { ok: false, message: 'Enter an amount in dollars, e.g. 25 or 25.50' };
  if (cents < TOPUP_LIMITS.minCents) return { ok: false, message: `The minimum top-up is ${formatCents(TOPUP_LIMITS.minCents)}` };
  if (cents > TOPUP_LIMITS.maxCents) return { ok: false, message: `The maximum top-up is ${formatCents(TOPUP_LIMITS.maxCents)}` };
  const parsed = topUpAmountSchema.safeParse(cents);
  return parsed.success ? { ok: true, cents: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter a valid amount' };
};
