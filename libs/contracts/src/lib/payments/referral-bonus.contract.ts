// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { emptySchema } from '../common/empty';
import { formatUsd } from '../common/money';
import { TOPUP_LIMITS } from './deposit.schema';

/**
 * The referral bonus (decision 087): an amount an admin sets, credited through the ledger once a referred customer's
 * first paid top-up reaches a minimum. 0 is off, the default.
 */
export const REFERRAL_BONUS_LIMITS = { maxAmountCents: 10_000, maxMinimumFirstTopUpCents: 100_000 } as const;

/** Who is credited: the customer who was referred, the user whose code they used, or both (the same amount each). */
export const REFERRAL_BONUS_RECIPIENTS = ['referred', 'referrer', 'both'] as const;
export const referralBonusRecipientsSchema = z.enum(REFERRAL_BONUS_RECIPIENTS, { error: 'Choose who gets the bonus' });
export type ReferralBonusRecipients = z.infer<typeof referralBonusRecipientsSchema>;

const cents = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be whole cents` })
    .min(0, { error: `${what} cannot be negative` })
    .max(max, { error: `${what} can be at most ${formatUsd(max)}` });

export const referralBonusSettingsSchema = z
  .object({
    amountCents: cents('The bonus', REFERRAL_BONUS_LIMITS.maxAmountCents),
    recipients: referralBonusRecipientsSchema,
    minimumFirstTopUpCents: cents('The minimum first top-up', REFERRAL_BONUS_LIMITS.maxMinimumFirstTopUpCents),
  })
  .superRefine((settings, ctx) => {
    if (settings.amountCents === 0) return;
    // A bonus never larger than the top-up it rewards, and never for less than the smallest top-up there is: a
    // referral cannot be farmed with a token invoice.
    const floor = Math.max(TOPUP_LIMITS.minCents, settings.amountCents);
    if (settings.minimumFirstTopUpCents < floor) {
      ctx.addIssue({
        code: 'custom',
        path: ['minimumFirstTopUpCents'],
        message:
          floor === settings.amountCents
            ? `The minimum first top-up must be at least the bonus (${formatUsd(floor)})`
            : `The minimum first top-up must be at least the smallest top-up (${formatUsd(floor)})`,
      });
    }
  });
export type ReferralBonusSettings = z.infer<typeof referralBonusSettingsSchema>;

export const REFERRAL_BONUS_OFF: ReferralBonusSettings = { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 };

/** A referral bonus a user received, for their history (the ledger's `referral_bonus` entries). */
export const referralBonusCreditSchema = z.object({ amountCents: z.number().int(), reference: z.string(), createdAt: z.string() });
export const referralBonusCreditsResponseSchema = z.object({ credits: z.array(referralBonusCreditSchema) });
export type ReferralBonusCredit = z.infer<typeof referralBonusCreditSchema>;

/** The one sentence that says what a bonus is: on the Invite page, and wherever the programme is described. */
export const describeReferralBonus = (settings: ReferralBonusSettings): string | null => {
  if (settings.amountCents === 0) return null;
  const amount = formatUsd(settings.amountCents);
  const threshold = `first top-up of ${formatUsd(settings.minimumFirstTopUpCents)} or more`;
  switch (settings.recipients) {
    case 'referred':
      return `Your friend gets ${amount} after their ${threshold}.`;
    case 'referrer':
      return `You get ${amount} when a friend you invited makes a ${threshold}.`;
    case 'both':
      return `Your friend gets ${amount} and so do you, after their ${threshold}.`;
  }
};

export const ReferralBonusRpc = {
  /** What the bonus is: every signed-in user may read it (the Invite page says what a friend gets). */
  getSettings: defineRpc('payments.referral-bonus.get.v1', emptySchema, referralBonusSettingsSchema, { who: 'signed-in' }),
  /** An admin sets it; it applies to first top-ups paid from then on. */
  setSettings: defineRpc('payments.referral-bonus.set.v1', referralBonusSettingsSchema, referralBonusSettingsSchema, { who: 'admin' }),
} as const;
