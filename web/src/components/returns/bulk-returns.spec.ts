import type { ReturnQuote } from '@labeldesk/contracts';
import { bulkReturnsPlan, bulkReturnsSentences } from './bulk-returns';

const quote = (payment: ReturnQuote['payment'], priceCents: number, existingReturns = 0): ReturnQuote => ({
  orderId: 'b0b0b0b0-0000-4000-8000-000000000002',
  courier: payment === 'on_use' ? 'usps' : 'ups',
  serviceName: 'Any',
  priceCents,
  payment,
  paymentText: '',
  existingReturns,
  carrier: 'sandbox',
  carrierName: 'Sandbox',
  otherCarriers: [],
  accountNote: null,
  contactNote: null,
});

describe('bulk return labels, said before buying', () => {
  it('adds up what is charged only on use apart from what is charged now, and counts orders that have one', () => {
    const plan = bulkReturnsPlan([quote('on_use', 850), quote('on_use', 1200, 1), quote('prepaid', 1500)]);
    expect(plan).toEqual({ onUse: { count: 2, cents: 2050 }, prepaid: { count: 1, cents: 1500 }, existing: 1 });
    expect(bulkReturnsSentences(plan)).toEqual([
      "2 return labels pay on use: up to $20.50, charged only for those your buyers ship (at the carrier's first scan).",
      '1 return label prepaid: $15.00 charged now.',
      '1 order has a return label already: it is kept, no second one is made.',
    ]);
  });

  it('says nothing about a kind no order has', () => {
    expect(bulkReturnsSentences(bulkReturnsPlan([quote('prepaid', 700), quote('prepaid', 700)]))).toEqual(['2 return labels prepaid: $14.00 charged now.']);
  });
});
