import { validationError } from '../errors';
import { describeReferralBonus, referralBonusSettingsSchema } from './referral-bonus.contract';

const refusal = (body: unknown) => {
  const parsed = referralBonusSettingsSchema.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return validationError(parsed.error);
};

describe('referralBonusSettingsSchema', () => {
  it('accepts the bonus off with no minimum, and a bonus with a minimum first top-up at least as large', () => {
    expect(referralBonusSettingsSchema.parse({ amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 })).toEqual({ amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 });
    expect(referralBonusSettingsSchema.parse({ amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 })).toMatchObject({ amountCents: 500 });
    expect(referralBonusSettingsSchema.parse({ amountCents: 10_000, recipients: 'referrer', minimumFirstTopUpCents: 10_000 })).toMatchObject({ amountCents: 10_000 });
  });

  it('refuses a bonus over $100.00, a negative or fractional amount, and an unknown recipient, saying which field', () => {
    expect(refusal({ amountCents: 10_001, recipients: 'referred', minimumFirstTopUpCents: 20_000 })).toMatchObject({ message: 'The bonus can be at most $100.00', issues: [{ path: 'amountCents' }] });
    expect(refusal({ amountCents: -1, recipients: 'referred', minimumFirstTopUpCents: 2000 })).toMatchObject({ message: 'The bonus cannot be negative' });
    expect(refusal({ amountCents: 2.5, recipients: 'referred', minimumFirstTopUpCents: 2000 })).toMatchObject({ message: 'The bonus must be whole cents' });
    expect(refusal({ amountCents: 500, recipients: 'everyone', minimumFirstTopUpCents: 2000 })).toMatchObject({ message: 'Choose who gets the bonus', issues: [{ path: 'recipients' }] });
  });

  it('refuses a minimum first top-up below the bonus or below the smallest top-up, so a token invoice earns nothing', () => {
    expect(refusal({ amountCents: 2500, recipients: 'referred', minimumFirstTopUpCents: 2000 })).toMatchObject({
      message: 'The minimum first top-up must be at least the bonus ($25.00)',
      issues: [{ path: 'minimumFirstTopUpCents' }],
    });
    expect(refusal({ amountCents: 100, recipients: 'referred', minimumFirstTopUpCents: 1 })).toMatchObject({ message: 'The minimum first top-up must be at least the smallest top-up ($5.00)' });
  });
});

describe('describeReferralBonus', () => {
  it('says who gets what after which first top-up, and nothing when the bonus is off', () => {
    expect(describeReferralBonus({ amountCents: 500, recipients: 'referred', minimumFirstTopUpCents: 2000 })).toBe('Your friend gets $5.00 after their first top-up of $20.00 or more.');
    expect(describeReferralBonus({ amountCents: 500, recipients: 'referrer', minimumFirstTopUpCents: 2000 })).toBe('You get $5.00 when a friend you invited makes a first top-up of $20.00 or more.');
    expect(describeReferralBonus({ amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 })).toBe('Your friend gets $5.00 and so do you, after their first top-up of $20.00 or more.');
    expect(describeReferralBonus({ amountCents: 0, recipients: 'both', minimumFirstTopUpCents: 2000 })).toBeNull();
  });
});
