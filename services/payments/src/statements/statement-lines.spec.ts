import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { checkStatement, describeEntry, totalsOf, type StatementSums } from './statement-lines';

const ORDER = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

describe('statement lines', () => {
  it.each([
    [{ kind: 'deposit', reference: 'invoice 7Hk2pQ', reason: null }, 'Top-up (BTCPay invoice 7Hk2pQ)'],
    [{ kind: 'deposit', reference: 'TEST MONEY: invoice test_91', reason: null }, 'Top-up (test money, invoice test_91)'],
    [{ kind: 'reversal', reference: 'invoice 7Hk2pQ invalidated', reason: null }, 'Top-up reversed (invoice 7Hk2pQ was invalidated)'],
    [{ kind: 'label_purchase', reference: `order ${ORDER}`, reason: null }, 'Label, order 3f2a9c1e'],
    [{ kind: 'label_purchase', reference: `bulk ${ORDER} row 12`, reason: null }, 'Label, batch 3f2a9c1e row 12'],
    [{ kind: 'refund', reference: 'label 9400111899223344556677 voided', reason: null }, 'Refund of label 9400111899223344556677 (voided)'],
    [{ kind: 'refund', reference: `order ${ORDER} (label failed)`, reason: null }, 'Refund of a label that could not be bought (order 3f2a9c1e)'],
    [{ kind: 'referral_bonus', reference: 'Referral bonus', reason: null }, 'Referral bonus'],
    [{ kind: 'claim_payout', reference: `claim ${ORDER} on label 9400111899223344556677`, reason: null }, 'Insurance claim 3f2a9c1e paid (label 9400111899223344556677)'],
    [{ kind: 'admin_adjustment', reference: 'admin:x', reason: 'Goodwill for a lost parcel' }, 'Balance adjusted by LabelDesk: Goodwill for a lost parcel'],
    [{ kind: 'admin_adjustment', reference: 'admin:x', reason: null }, 'Balance adjusted by LabelDesk'],
  ] as const)('describes %j as "%s"', (entry, text) => {
    expect(describeEntry(entry)).toBe(text);
  });

  it('shows a reference of an unknown shape whole, after its kind', () => {
    expect(describeEntry({ kind: 'refund', reference: 'carrier refund 55', reason: null })).toBe('Refund (carrier refund 55)');
    expect(describeEntry({ kind: 'label_purchase', reference: 'order 12', reason: null })).toBe('Label (order 12)');
  });

  it('lists every kind in the totals, zeros included, in the statement\'s order', () => {
    expect(totalsOf([{ kind: 'refund', count: 1, amountCents: 795 }, { kind: 'deposit', count: 2, amountCents: 5000 }])).toEqual([
      { kind: 'deposit', count: 2, amountCents: 5000 },
      { kind: 'label_purchase', count: 0, amountCents: 0 },
      { kind: 'refund', count: 1, amountCents: 795 },
      { kind: 'referral_bonus', count: 0, amountCents: 0 },
      { kind: 'claim_payout', count: 0, amountCents: 0 },
      { kind: 'admin_adjustment', count: 0, amountCents: 0 },
      { kind: 'reversal', count: 0, amountCents: 0 },
    ]);
  });

  describe('the check before a statement is answered', () => {
    const totals = totalsOf([
      { kind: 'deposit', count: 1, amountCents: 5000 },
      { kind: 'label_purchase', count: 2, amountCents: -1590 },
      { kind: 'refund', count: 1, amountCents: 795 },
    ]);
    const sums: StatementSums = { openingCents: 1200, closingCents: 5405, heldAtCloseCents: 0, allEntriesCents: 5405, accountCents: 5405 };

    it('lets a month through whose opening plus its lines is its closing', () => {
      expect(() => checkStatement('u1', '2026-11', sums, totals)).not.toThrow();
    });

    it('lets an empty month through when its opening is its closing', () => {
      expect(() => checkStatement('u1', '2026-11', { ...sums, closingCents: 1200 }, totalsOf([]))).not.toThrow();
    });

    it('refuses a month whose lines do not lead from the opening to the closing, naming the three amounts', () => {
      const check = () => checkStatement('u1', '2026-11', { ...sums, closingCents: 5406 }, totals);
      expect(check).toThrow(new DomainError(ErrorCode.INTERNAL, "The statement of u1 for 2026-11 does not add up: opening $12.00 + the month's lines $42.05 is not the closing $54.06"));
    });

    it('refuses a ledger whose entries do not come to the balance the account keeps', () => {
      const check = () => checkStatement('u1', '2026-11', { ...sums, accountCents: 5400 }, totals);
      expect(check).toThrow('its entries come to $54.05 but the account holds $54.00');
    });
  });
});
