import { formatUsd, LABEL_CARRIER_NAMES, LABEL_CARRIERS_REFUNDING_LATER, type LabelState, type ReturnLabel } from '@labeldesk/contracts';
import type { StatusTone } from '../../theme/system';
import { isLabelWithdrawn } from '../orders/label-lifecycle-display';

/** A return label's state in a few words, with its tone: what the seller has paid for it so far. */
export const returnStateDisplay = (label: Pick<ReturnLabel, 'state' | 'priceCents' | 'payment'>): { text: string; tone: StatusTone } => {
  switch (label.state) {
    case 'awaiting_scan':
      return { text: 'Not used yet · pay on use', tone: 'pending' };
    case 'charged':
      return { text: `Used · ${formatUsd(label.priceCents)} charged`, tone: 'completed' };
    case 'prepaid':
      return { text: `Prepaid · ${formatUsd(label.priceCents)}`, tone: 'neutral' };
    case 'voided':
      // A prepaid return was charged when bought: its void gave that money back. A pay-on-use one never was.
      return { text: label.payment === 'prepaid' ? `Voided · ${formatUsd(label.priceCents)} back on your balance` : 'Voided · not charged', tone: 'neutral' };
    case 'refund_pending':
      return { text: `Voided · ${formatUsd(label.priceCents)} back once the carrier refunds it`, tone: 'pending' };
    case 'refund_rejected':
      return { text: `Refund refused by the carrier · ${formatUsd(label.priceCents)} charged`, tone: 'failed' };
  }
};

/** The buyer's link as the seller last made it: none, live until a day, expired, or turned off. */
export const returnLinkDisplay = (link: ReturnLabel['link'], now: Date = new Date()): string => {
  if (!link) return 'No link for your buyer yet';
  if (link.revoked) return 'Link turned off';
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return 'Link expired';
  return `Link works until ${new Date(link.expiresAt).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}`;
};

/** An order whose label is out there (bought, not voided) can have a return label. */
export const canReturnOrder = (order: { status: string; tracking_number: string | null; label_state: LabelState | null }): boolean =>
  order.status === 'completed' && order.tracking_number !== null && !isLabelWithdrawn(order.label_state);

/** A return its buyer has not used (decision 123): a prepaid one, or a pay-on-use one not yet scanned, can be voided. */
export const canVoidReturn = (label: Pick<ReturnLabel, 'state' | 'scannedAt'>): boolean => (label.state === 'prepaid' || label.state === 'awaiting_scan') && label.scannedAt === null;

type VoidedReturn = Pick<ReturnLabel, 'payment' | 'priceCents' | 'carrier'>;

/**
 * What a void of a return means for the money, said before it (decision 128): a pay-on-use return took nothing; a
 * prepaid one comes back at once when its carrier cancels it, or, at EasyPost (which only takes a refund request,
 * decision 125), once the carrier refunds it.
 */
export const returnVoidExplanation = (label: VoidedReturn): string => {
  const unusable = 'Your buyer can no longer use it.';
  if (label.payment === 'on_use') return `Nothing was charged for this pay-on-use label, so nothing comes back. ${unusable}`;
  const price = formatUsd(label.priceCents);
  if (label.carrier && LABEL_CARRIERS_REFUNDING_LATER.includes(label.carrier)) {
    return `A refund of ${price} is requested from ${LABEL_CARRIER_NAMES[label.carrier]}: it is credited to your balance when the carrier refunds it (shown as Refund pending meanwhile), and not if the carrier refuses. ${unusable}`;
  }
  const carrier = label.carrier ? LABEL_CARRIER_NAMES[label.carrier] : 'the carrier';
  return `${price} comes back to your balance at once when ${carrier} cancels it; if ${carrier} only takes a refund request, once it refunds it (shown as Refund pending meanwhile). ${unusable}`;
};

/** What the void did, from the state the server answered: back at once, refund requested, or refused with its reason. */
export const returnVoidedMessage = (label: Pick<ReturnLabel, 'state' | 'payment' | 'priceCents' | 'refundReason'>): string => {
  switch (label.state) {
    case 'refund_pending':
      return `Refund requested: ${formatUsd(label.priceCents)} is credited when the carrier refunds it`;
    case 'refund_rejected':
      return `The carrier refused the refund: ${label.refundReason ?? 'no reason given'}`;
    case 'voided':
      return label.payment === 'prepaid' ? `Return label voided: ${formatUsd(label.priceCents)} is back on your balance` : 'Return label voided: nothing was charged';
    default:
      return 'Return label not voided';
  }
};
