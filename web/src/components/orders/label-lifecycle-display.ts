import { COURIERS, courierName, type LabelState, type OrderListItem, type TrackingStatusValue } from '@labeldesk/contracts';
import { formatCents } from '../../libs/format';
import type { StatusTone } from '../../theme/system';

export interface LifecycleDisplay {
  tone: StatusTone;
  text: string;
}

/**
 * A label's state in words. Settled outcomes (voided, refunded) read neutral grey; waiting on the carrier reads blue like
 * processing; a rejected refund reads red like a failure. `purchased` is the normal case and is not shown at all.
 */
const LABEL_STATE_DISPLAY: Record<LabelState, LifecycleDisplay> = {
  purchased: { tone: 'completed', text: 'Purchased' },
  void_requested: { tone: 'processing', text: 'Void requested' },
  voided: { tone: 'neutral', text: 'Voided' },
  refund_pending: { tone: 'processing', text: 'Refund pending' },
  refunded: { tone: 'neutral', text: 'Refunded' },
  refund_rejected: { tone: 'failed', text: 'Refund rejected' },
};

/** The badge for a label's state, or null while it is simply `purchased` (or has no label yet). */
export const labelStateDisplay = (state: LabelState | null): LifecycleDisplay | null =>
  state === null || state === 'purchased' ? null : LABEL_STATE_DISPLAY[state];

/** The state in words, `purchased` included (the batch labels table names every row's state). */
export const labelStateText = (state: LabelState): string => LABEL_STATE_DISPLAY[state].text;

/** A label not to ship with: its void or refund is asked for or done (a rejected refund means the label was used: it stays). */
const WITHDRAWN: ReadonlySet<LabelState> = new Set(['void_requested', 'voided', 'refund_pending', 'refunded']);
export const isLabelWithdrawn = (state: LabelState | null): boolean => state !== null && WITHDRAWN.has(state);

/**
 * The tone an order's row is tinted with: its status, but for a completed order whose label was voided or is being
 * refunded, the label's state (a seller read a green "Completed" row with Download as a label still to use, issue 49).
 */
export const orderRowTone = (order: Pick<OrderListItem, 'status' | 'label_state'>): StatusTone =>
  order.status === 'completed' && isLabelWithdrawn(order.label_state) ? LABEL_STATE_DISPLAY[order.label_state as LabelState].tone : order.status;

/** What stands where a withdrawn label's Download was: the label is not to be printed or shipped with. */
export const withdrawnLabelText = (state: LabelState): string =>
  state === 'voided' || state === 'refunded' ? `Label ${LABEL_STATE_DISPLAY[state].text.toLowerCase()}: do not ship with it` : `${LABEL_STATE_DISPLAY[state].text}: do not ship with it`;

/** EasyPost's tracker vocabulary in words, coloured like the rest of the app: moving blue, delivered green, trouble orange/red. */
const TRACKING_DISPLAY: Record<TrackingStatusValue, LifecycleDisplay> = {
  pre_transit: { tone: 'neutral', text: 'Pre-transit' },
  in_transit: { tone: 'processing', text: 'In transit' },
  out_for_delivery: { tone: 'processing', text: 'Out for delivery' },
  delivered: { tone: 'completed', text: 'Delivered' },
  available_for_pickup: { tone: 'pending', text: 'Available for pickup' },
  return_to_sender: { tone: 'stuck', text: 'Return to sender' },
  failure: { tone: 'failed', text: 'Delivery failed' },
  cancelled: { tone: 'neutral', text: 'Tracking cancelled' },
  error: { tone: 'failed', text: 'Tracking error' },
  unknown: { tone: 'neutral', text: 'Unknown' },
};

export const trackingStatusDisplay = (status: TrackingStatusValue): LifecycleDisplay => TRACKING_DISPLAY[status];

/** Tracking statuses that still mean "the carrier has not scanned it": only then can a label be voided. */
const UNSCANNED: ReadonlySet<TrackingStatusValue> = new Set(['pre_transit', 'unknown']);

/** A bought label may be voided while nobody has voided it yet and the carrier has not scanned it. */
export const canVoidLabel = (label: { state: LabelState | null; trackingStatus: TrackingStatusValue | null }): boolean =>
  label.state === 'purchased' && (label.trackingStatus === null || UNSCANNED.has(label.trackingStatus));

/** The Orders page's Void button: a completed order whose label can still be voided. */
export const canVoidOrder = (order: Pick<OrderListItem, 'status' | 'tracking_number' | 'label_state' | 'tracking_status'>): boolean =>
  order.status === 'completed' && order.tracking_number !== null && canVoidLabel({ state: order.label_state, trackingStatus: order.tracking_status });

/** The Orders page's Track button: any order that has a label with a tracking number. */
export const canTrackOrder = (order: Pick<OrderListItem, 'status' | 'tracking_number'>): boolean =>
  order.status === 'completed' && order.tracking_number !== null;

/** The courier carrying the parcel (USPS, UPS…), whoever sold the label; one this release does not know is "the carrier". */
export const carrierDisplayName = (courier: string | null): string => {
  const id = courier?.toLowerCase() ?? '';
  return (COURIERS as readonly string[]).includes(id) ? courierName(id) : 'the carrier';
};

/** What a void of one label means for the money, in the order it happens: back at once, or weeks later, and never reuse it. */
export const singleVoidExplanation = (amountCents: number, courier: string): string => {
  const carrier = carrierDisplayName(courier);
  return (
    `${formatCents(amountCents)} comes back to your balance at once if ${carrier} has not yet received the day's manifest; ` +
    `otherwise ${carrier} watches the label for scans and refunds it in about 2–4 weeks (shown as Refund pending meanwhile). ` +
    'A voided label must not be used.'
  );
};

export interface VoidableLabel {
  trackingNumber: string;
  price: number;
}

/** The cents a void of these labels can bring back. */
export const totalPrice = (labels: readonly VoidableLabel[]): number => labels.reduce((sum, label) => sum + label.price, 0);

/**
 * The amount a "Void all labels" confirmation names. When every label of the batch is on screen it is exact (the
 * voidable ones); otherwise the batch's charge is the most that can come back, and the text says "up to".
 */
export const voidAllAmount = (input: {
  loaded: ReadonlyArray<{ price: number; state: LabelState; trackingStatus: TrackingStatusValue | null }>;
  totalCount: number;
  batchCostCents: number;
}): { cents: number; exact: boolean } => {
  if (input.loaded.length >= input.totalCount) {
    return { cents: input.loaded.filter((label) => canVoidLabel(label)).reduce((sum, label) => sum + label.price, 0), exact: true };
  }
  return { cents: input.batchCostCents, exact: false };
};

/** The batch confirmation's body: how many labels, how much comes back and when. */
export const batchVoidExplanation = (input: { count: number | null; cents: number; exact: boolean; courier?: string }): string => {
  const carrier = carrierDisplayName(input.courier ?? 'usps');
  const amount = input.exact ? formatCents(input.cents) : `Up to ${formatCents(input.cents)}`;
  const what = input.count === null ? 'the labels that can still be voided' : `the ${input.count} ${input.count === 1 ? 'label' : 'labels'}`;
  return (
    `${amount} comes back for ${what}: at once for each label ${carrier} has not yet received on a manifest; ` +
    `otherwise ${carrier} watches the label for scans and refunds it in about 2–4 weeks (shown as Refund pending meanwhile). ` +
    'Labels already scanned are refused. A voided label must not be used.'
  );
};

/**
 * Carriers show a label's history newest first; the API sends it oldest first. Reversed before the (stable) sort, so
 * events with the same time keep the API's order read backwards: a scan stamped with its label's creation time comes first.
 */
export const newestFirst = <E extends { occurredAt: string }>(events: readonly E[]): E[] =>
  [...events].reverse().sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt));

/** Only pre-transit events (the label was printed, nothing more) mean no scan yet: the drawer says so instead of a timeline. */
export const hasScans = (events: ReadonlyArray<{ status: TrackingStatusValue }>): boolean => events.some((event) => event.status !== 'pre_transit');

const BULK_RESULT_TEXT: Record<'voided' | 'refund_pending' | 'refused', LifecycleDisplay> = {
  voided: { tone: 'neutral', text: 'Voided' },
  refund_pending: { tone: 'processing', text: 'Refund pending' },
  refused: { tone: 'failed', text: 'Refused' },
};

/** One label's outcome of a batch void, in words. */
export const bulkVoidResultDisplay = (result: keyof typeof BULK_RESULT_TEXT): LifecycleDisplay => BULK_RESULT_TEXT[result];

/** The headline of a batch void: the counts, then where the money is. */
export const bulkVoidTotals = (response: { voided: number; refundPending: number; refused: number; amountBack: number; amountPending: number }): {
  counts: string;
  money: string;
} => ({
  counts: `${response.voided} voided · ${response.refundPending} refund pending · ${response.refused} refused`,
  money: `${formatCents(response.amountBack)} back on your balance now · ${formatCents(response.amountPending)} pending the carrier's refund`,
});
