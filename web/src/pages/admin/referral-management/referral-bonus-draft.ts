import { referralBonusSettingsSchema, type ReferralBonusRecipients, type ReferralBonusSettings } from '@labeldesk/contracts';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';

/** The form as typed: amounts in dollars. */
export interface ReferralBonusDraft {
  amount: string;
  recipients: ReferralBonusRecipients;
  minimum: string;
}

export type DraftField = keyof ReferralBonusDraft;

export type DraftCheck = { ok: true; settings: ReferralBonusSettings } | { ok: false; problems: Partial<Record<DraftField, string>> };

export const RECIPIENT_LABELS: Record<ReferralBonusRecipients, string> = {
  referred: 'The new customer',
  referrer: 'The person who invited them',
  both: 'Both (the same amount each)',
};

export const draftOf = (settings: ReferralBonusSettings): ReferralBonusDraft => ({
  amount: centsToDollarInput(settings.amountCents),
  recipients: settings.recipients,
  minimum: centsToDollarInput(settings.minimumFirstTopUpCents),
});

const FIELD_OF: Record<keyof ReferralBonusSettings, DraftField> = { amountCents: 'amount', recipients: 'recipients', minimumFirstTopUpCents: 'minimum' };

/** The typed dollars as cents, checked with the server's own schema; each problem under the field it is about. */
export const checkDraft = (draft: ReferralBonusDraft): DraftCheck => {
  const amountCents = dollarInputToCents(draft.amount);
  const minimumCents = dollarInputToCents(draft.minimum);
  const problems: Partial<Record<DraftField, string>> = {};
  if (amountCents === null) problems.amount = 'Enter the bonus in dollars, e.g. 5 or 5.00 (0 turns it off)';
  if (minimumCents === null) problems.minimum = 'Enter the minimum first top-up in dollars, e.g. 20';
  if (amountCents === null || minimumCents === null) return { ok: false, problems };
  const parsed = referralBonusSettingsSchema.safeParse({ amountCents, recipients: draft.recipients, minimumFirstTopUpCents: minimumCents });
  if (parsed.success) return { ok: true, settings: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path[0] as keyof ReferralBonusSettings];
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return { ok: false, problems };
};
