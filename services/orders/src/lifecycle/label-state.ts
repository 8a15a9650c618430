import { courierName, voidWindowDaysOf, type LabelState } from '@labeldesk/contracts';
import { type TrackingStatus, UNUSED_TRACKING_STATUSES } from '../carriers';

/** The states a void row can be in (a label without one is `purchased`). */
export type VoidState = Exclude<LabelState, 'purchased'>;

/**
 * Every move a label may make (docs/decisions/045). `void_requested → purchased` is the carrier refusing the void: the
 * claim is taken back, so a refusal leaves nothing a timer could act on. `refund_pending → refund_pending` is a
 * rejection that passes (EasyPost's "too soon"): the void is asked again. The three final states never move.
 */
export const TRANSITIONS: Readonly<Record<LabelState, readonly LabelState[]>> = {
  purchased: ['void_requested'],
  void_requested: ['voided', 'refund_pending', 'purchased'],
  refund_pending: ['refunded', 'refund_rejected', 'refund_pending'],
  voided: [],
  refunded: [],
  refund_rejected: [],
};

export const canMove = (from: LabelState, to: LabelState): boolean => TRANSITIONS[from].includes(to);

/** States whose money is settled: credited (voided, refunded) or never coming (refund_rejected). */
export const FINAL_STATES: ReadonlySet<LabelState> = new Set(['voided', 'refunded', 'refund_rejected']);

/** What a label about to be voided is, as the rules need to know it. */
export interface VoidCandidate {
  purchasedAt: Date;
  /** Its void, when it has one. */
  voidState: VoidState | null;
  voidReason: string | null;
  /** The carrier's last tracking status, null when never asked. */
  trackingStatus: TrackingStatus | null;
  /** The courier carrying it (its void window), null from a replica of an earlier release's view. */
  courier: string | null;
}

export type VoidRefusal = { code: 'already'; message: string } | { code: 'not_voidable'; message: string };

const ALREADY: Readonly<Record<VoidState, string>> = {
  void_requested: 'A void of this label is already in progress.',
  voided: 'This label was already voided.',
  refund_pending: 'A refund of this label is already pending with the carrier.',
  refunded: 'This label was already refunded.',
  refund_rejected: 'The carrier rejected the refund of this label',
};

const day = (date: Date): string => date.toISOString().slice(0, 10);

/** Whether the label has been scanned beyond pre-transit: a used label cannot be voided. */
export const isUsed = (status: TrackingStatus | null): boolean => status !== null && !UNUSED_TRACKING_STATUSES.has(status);

/**
 * Why this label cannot be voided now, or null when it can: one void per label, not after a scan beyond pre-transit,
 * not past its courier's window (`uspsWindowDays`, the install's, for USPS and any courier without its own).
 */
export const voidRefusal = (label: VoidCandidate, now: Date, uspsWindowDays: number): VoidRefusal | null => {
  const windowDays = voidWindowDaysOf(label.courier, uspsWindowDays);
  if (label.voidState) {
    const said = ALREADY[label.voidState];
    return { code: 'already', message: label.voidState === 'refund_rejected' && label.voidReason ? `${said}: ${label.voidReason}` : said };
  }
  if (isUsed(label.trackingStatus)) {
    return { code: 'not_voidable', message: 'The carrier has scanned this package, so the label was used and cannot be voided.' };
  }
  const deadline = new Date(label.purchasedAt.getTime() + windowDays * 86_400_000);
  if (now.getTime() > deadline.getTime()) {
    const whose = windowDays === uspsWindowDays ? 'Labels' : `${courierName(label.courier ?? '')} labels`;
    return { code: 'not_voidable', message: `${whose} can be voided within ${windowDays} days of purchase; this one was bought on ${day(label.purchasedAt)}.` };
  }
  return null;
};

/** What the customer is told about the money once the carrier has answered a void. */
export const moneyMessage = (state: LabelState, amountCents: number): string => {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  switch (state) {
    case 'voided':
      return amountCents > 0 ? `Label voided: ${amount} is back on your balance.` : 'Label voided.';
    case 'refund_pending':
      return `Refund requested: the carrier watches the label for scans first. ${amount} will be back on your balance when it approves, usually within 2–4 weeks.`;
    case 'void_requested':
      return `The carrier has not answered yet: the void will be finished automatically, and ${amount} comes back when it is.`;
    case 'refunded':
      return `${amount} was refunded to your balance.`;
    case 'refund_rejected':
      return 'The carrier rejected the refund.';
    case 'purchased':
      return '';
  }
};
