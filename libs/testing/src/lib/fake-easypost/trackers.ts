import { easyPostRecordedBody, easyPostRecordedEvent } from './recorded';
import { hexId, timestamp, type Json } from './shipment-json';

/** EasyPost's tracker statuses (easypost-node `types/Tracker/TrackerStatus.d.ts`). */
export type FakeTrackerStatus = 'unknown' | 'pre_transit' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'available_for_pickup' | 'return_to_sender' | 'failure' | 'cancelled' | 'error';

/** A scan the fake's USPS reports: `addTrackingEvent`'s argument. */
export interface FakeTrackingEvent {
  status: FakeTrackerStatus;
  /** Default: a USPS-like message for the status. */
  message?: string;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  /** Default: now. */
  datetime?: Date;
}

const DEFAULT_MESSAGES: Record<FakeTrackerStatus, string> = {
  unknown: 'Status Not Available',
  pre_transit: 'Shipping Label Created, USPS Awaiting Item',
  in_transit: 'Accepted at USPS Origin Facility',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered, In/At Mailbox',
  available_for_pickup: 'Available for Pickup',
  return_to_sender: 'Return to Sender',
  failure: 'Delivery Attempted - No Access to Delivery Location',
  cancelled: 'Label Cancelled',
  error: 'Tracking Error',
};

const recordedBought = () => easyPostRecordedBody('shipment', 'bought') as Json;

/** A scan as a TrackingDetail (recorded: the "Shipping Label Created" detail of the converted shipment's tracker). */
const trackingDetailJson = (event: FakeTrackingEvent): Json => {
  const details = (easyPostRecordedBody('shipment', 'converted') as { tracker: { tracking_details: Json[] } }).tracker.tracking_details;
  const recorded = details[details.length - 1] as Json;
  return {
    ...recorded,
    message: event.message ?? DEFAULT_MESSAGES[event.status],
    status: event.status,
    status_detail: 'status_update',
    datetime: event.datetime ? event.datetime.toISOString().replace(/\.\d{3}Z$/, 'Z') : timestamp(),
    tracking_location: { ...(recorded['tracking_location'] as Json), city: event.city ?? null, state: event.state ?? null, country: event.city ? 'US' : null, zip: event.zip ?? null },
  };
};

/**
 * The fake's Trackers. A label's tracker starts as every recorded buy's does: status `unknown` and no tracking details
 * (USPS has seen nothing yet); scans are added by the tests.
 */
export class FakeEasyPostTrackers {
  private readonly trackers = new Map<string, Json>();

  constructor(private readonly baseUrl: () => string) {}

  /** A just-bought label's tracker; the shipment embeds this same object. */
  create(trackingCode: string, shipmentId: string, carrier: string): Json {
    const now = timestamp();
    const id = hexId('trk');
    const tracker: Json = {
      ...(recordedBought()['tracker'] as Json),
      id,
      tracking_code: trackingCode,
      carrier,
      created_at: now,
      updated_at: now,
      shipment_id: shipmentId,
      tracking_details: [],
      // EasyPost's public page names the tracker in base64 (`djE6dHJr…` is `v1:trk…`).
      public_url: `${this.baseUrl()}/track/${Buffer.from(`v1:${id}`).toString('base64url')}`,
    };
    this.trackers.set(id, tracker);
    return tracker;
  }

  get(trackerId: string): Json | undefined {
    return this.trackers.get(trackerId);
  }

  /** Adds a scan to a sold label's tracker (its status follows); answers the `tracker.updated` event EasyPost would push. */
  addEvent(trackingCode: string, event: FakeTrackingEvent): Json {
    const tracker = this.of(trackingCode);
    const previous = tracker['status'];
    (tracker['tracking_details'] as Json[]).push(trackingDetailJson(event));
    Object.assign(tracker, { status: event.status, status_detail: 'status_update', updated_at: timestamp() });
    return this.eventOf(tracker, { status: previous });
  }

  /** The `tracker.updated` Event of the label's tracker as it stands now. */
  updatedEvent(trackingCode: string): Json {
    const tracker = this.of(trackingCode);
    return this.eventOf(tracker, { status: tracker['status'] });
  }

  private of(trackingCode: string): Json {
    const tracker = [...this.trackers.values()].find((candidate) => candidate['tracking_code'] === trackingCode);
    if (!tracker) throw new Error(`the fake sold no label ${trackingCode}`);
    return tracker;
  }

  /** The Event EasyPost pushes (recorded: EasyPost/examples `event-body.json`), for this tracker. */
  private eventOf(tracker: Json, previousAttributes: Json): Json {
    const now = new Date().toISOString();
    const recorded = easyPostRecordedEvent() as Json;
    return { ...recorded, id: hexId('evt'), mode: 'test', user_id: 'user_fakeeasypost', previous_attributes: previousAttributes, created_at: now, updated_at: now, pending_urls: [], result: structuredClone(tracker) };
  }
}
