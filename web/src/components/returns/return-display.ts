import { formatUsd, type LabelState, type ReturnLabel } from '@labeldesk/contracts';
import type { StatusTone } from '../../theme/system';
import { isLabelWithdrawn } from '../orders/label-lifecycle-display';

/** A return label's state in a few words, with its tone: what the seller has paid for it so far. */
export const returnStateDisplay = (label: Pick<ReturnLabel, 'state' | 'priceCents'>): { text: string; tone: StatusTone } => {
  switch (label.state) {
    case 'awaiting_scan':
      return { text: 'Not used yet · pay on use', tone: 'pending' };
    case 'charged':
      return { text: `Used · ${formatUsd(label.priceCents)} charged`, tone: 'completed' };
    case 'prepaid':
      return { text: `Prepaid · ${formatUsd(label.priceCents)}`, tone: 'neutral' };
    case 'voided':
      return { text: 'Voided · not charged', tone: 'neutral' };
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
