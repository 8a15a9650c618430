import { formatUsd, type ReturnQuote } from '@labeldesk/contracts';

/** What making return labels for several orders would do, from each order's quote (said before buying). */
export interface BulkReturnsPlan {
  onUse: { count: number; cents: number };
  prepaid: { count: number; cents: number };
  /** Orders that have a return label already (answered as they are, unless another is asked for). */
  existing: number;
}

export const bulkReturnsPlan = (quotes: readonly ReturnQuote[]): BulkReturnsPlan =>
  quotes.reduce<BulkReturnsPlan>(
    (plan, quote) => {
      const bucket = quote.payment === 'on_use' ? plan.onUse : plan.prepaid;
      return {
        onUse: quote.payment === 'on_use' ? { count: bucket.count + 1, cents: bucket.cents + quote.priceCents } : plan.onUse,
        prepaid: quote.payment === 'prepaid' ? { count: bucket.count + 1, cents: bucket.cents + quote.priceCents } : plan.prepaid,
        existing: plan.existing + (quote.existingReturns > 0 ? 1 : 0),
      };
    },
    { onUse: { count: 0, cents: 0 }, prepaid: { count: 0, cents: 0 }, existing: 0 },
  );

const labels = (n: number) => (n === 1 ? '1 return label' : `${n} return labels`);

/** The plan in sentences a seller reads before confirming. */
export const bulkReturnsSentences = (plan: BulkReturnsPlan): string[] => [
  ...(plan.onUse.count > 0 ? [`${labels(plan.onUse.count)} pay on use: up to ${formatUsd(plan.onUse.cents)}, charged only for those your buyers ship (at the carrier's first scan).`] : []),
  ...(plan.prepaid.count > 0 ? [`${labels(plan.prepaid.count)} prepaid: ${formatUsd(plan.prepaid.cents)} charged now.`] : []),
  ...(plan.existing > 0 ? [`${plan.existing === 1 ? '1 order has' : `${plan.existing} orders have`} a return label already: it is kept, no second one is made.`] : []),
];
