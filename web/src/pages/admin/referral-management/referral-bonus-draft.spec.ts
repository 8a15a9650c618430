import { checkDraft, draftOf } from './referral-bonus-draft';

describe('the referral bonus form, checked as typed', () => {
  it('reads dollars as cents and answers the settings to save', () => {
    expect(checkDraft({ amount: '5', recipients: 'both', minimum: '$20.00' })).toEqual({ ok: true, settings: { amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 } });
    expect(checkDraft({ amount: '0', recipients: 'referred', minimum: '0' })).toEqual({ ok: true, settings: { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 } });
  });

  it('puts each problem under its field, with the server schema\'s words', () => {
    expect(checkDraft({ amount: 'five', recipients: 'referred', minimum: '20' })).toEqual({ ok: false, problems: { amount: 'Enter the bonus in dollars, e.g. 5 or 5.00 (0 turns it off)' } });
    expect(checkDraft({ amount: '150', recipients: 'referred', minimum: '200' })).toEqual({ ok: false, problems: { amount: 'The bonus can be at most $100.00' } });
    expect(checkDraft({ amount: '25', recipients: 'referred', minimum: '20' })).toEqual({ ok: false, problems: { minimum: 'The minimum first top-up must be at least the bonus ($25.00)' } });
  });

  it('starts from the saved settings, in dollars', () => {
    expect(draftOf({ amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 })).toEqual({ amount: '5.00', recipients: 'both', minimum: '20.00' });
  });
});
