import { randomBytes } from 'node:crypto';
import { renderFakeLabel, type FakeLabelContent } from './label';
import { FAKE_SERVICES, feeString, markedUp, rateString, type FakeService } from './rates';
import { validateCreateShipment, type FakeApiError, type ValidShipmentRequest } from './validate';

/**
 * The fake EasyPost's books: shipments as EasyPost answers them (the recorded shapes, see the adapter's
 * payloads/README.md), their rates, the labels sold and the refunds accepted. No HTTP here: each operation answers
 * the status and body EasyPost would.
 */

export type Json = Record<string, unknown>;

export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FakeRefundStatus = 'submitted' | 'refunded' | 'rejected' | 'not_applicable';

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

interface FakeRate {
  json: Json;
  cents: number;
  service: FakeService;
}

interface StoredShipment {
  json: Json;
  rates: Map<string, FakeRate>;
  request: ValidShipmentRequest;
}

export interface FakeLabelFile {
  content: FakeLabelContent;
  format: 'PDF' | 'ZPL';
  rendered?: Promise<Buffer>;
}

/** A shipment that may be bought: what `buy` needs once the faults had their say. */
export interface Purchasable {
  stored: StoredShipment;
  rate: FakeRate;
}

const FAKE_CARRIER_ACCOUNT = 'ca_fakeeasypostusps0000000000000000';

export const hexId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export const errorAnswer = (error: FakeApiError, headers: Record<string, string> = {}): FakeAnswer => ({
  status: error.status,
  body: { error: { code: error.code, message: error.message, errors: error.errors } },
  headers,
});

export const NOT_FOUND = errorAnswer({ status: 404, code: 'NOT_FOUND', message: 'The requested resource could not be found.', errors: [] });

const addressJson = (address: Json): Json => ({
  id: hexId('adr'),
  object: 'Address',
  created_at: timestamp(),
  updated_at: timestamp(),
  name: address['name'] ?? null,
  company: address['company'] ?? null,
  street1: address['street1'],
  street2: address['street2'] ?? null,
  city: address['city'],
  state: address['state'],
  zip: address['zip'],
  country: address['country'] ?? 'US',
  phone: address['phone'] ?? null,
  email: address['email'] ?? null,
  mode: 'test',
  residential: null,
  verifications: {},
});

const linesOf = (address: Json): string[] =>
  [address['name'], address['company'], address['street1'], address['street2'], `${String(address['city'])} ${String(address['state'])} ${String(address['zip'])}`]
    .filter((line): line is string => typeof line === 'string' && line.trim() !== '');

export class FakeEasyPostLedger {
  private readonly shipments = new Map<string, StoredShipment>();
  private readonly files = new Map<string, FakeLabelFile>();
  /** Trackers by id, as `GET /v2/trackers/:id` answers them (the shipment embeds the same object). */
  private readonly trackers = new Map<string, Json>();
  private sold = 0;
  private refundsAccepted = 0;
  private trackingSerial = Math.floor(Math.random() * 1e9);

  /**
   * `baseUrl` is where the label files are served (the fake's own address); `unrated` services get no rate, with
   * a carrier message instead, as EasyPost answers when USPS does not rate a service.
   */
  constructor(
    private readonly baseUrl: () => string,
    private readonly unrated: ReadonlySet<string> = new Set(),
  ) {}

  get labelsSold(): number {
    return this.sold;
  }

  get voidsAccepted(): number {
    return this.refundsAccepted;
  }

  get shipmentCount(): number {
    return this.shipments.size;
  }

  shipment(shipmentId: string): Json | undefined {
    return this.shipments.get(shipmentId)?.json;
  }

  file(name: string): FakeLabelFile | undefined {
    return this.files.get(name);
  }

  create(body: unknown): FakeAnswer {
    const request = validateCreateShipment(body);
    if ('status' in request) return errorAnswer(request);
    const id = hexId('shp');
    const created = timestamp();
    const weightOz = request.parcel.weight;
    const rates = new Map<string, FakeRate>();
    const messages: Json[] = [];
    for (const service of FAKE_SERVICES) {
      if (this.unrated.has(service.service)) {
        messages.push({ carrier: 'USPS', carrier_account_id: FAKE_CARRIER_ACCOUNT, type: 'rate_error', message: `${service.service} is not available for this shipment.` });
        continue;
      }
      const cents = service.priceCents(weightOz);
      const rate = {
        id: hexId('rate'),
        object: 'Rate',
        created_at: created,
        updated_at: created,
        mode: 'test',
        service: service.service,
        carrier: 'USPS',
        rate: rateString(cents),
        currency: 'USD',
        retail_rate: rateString(markedUp(cents, 130)),
        retail_currency: 'USD',
        list_rate: rateString(markedUp(cents, 110)),
        list_currency: 'USD',
        billing_type: 'easypost',
        delivery_days: service.deliveryDays,
        delivery_date: null,
        delivery_date_guaranteed: false,
        est_delivery_days: service.deliveryDays,
        shipment_id: id,
        carrier_account_id: FAKE_CARRIER_ACCOUNT,
      };
      rates.set(rate.id, { json: rate, cents, service });
    }
    const json: Json = {
      id,
      object: 'Shipment',
      mode: 'test',
      created_at: created,
      updated_at: created,
      is_return: false,
      reference: request.reference,
      status: 'unknown',
      tracking_code: null,
      options: { ...request.options, label_format: request.labelFormat, label_size: request.labelSize, currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
      from_address: addressJson(request.from_address),
      to_address: addressJson(request.to_address),
      parcel: { id: hexId('prcl'), object: 'Parcel', created_at: created, updated_at: created, length: request.parcel.length ?? null, width: request.parcel.width ?? null, height: request.parcel.height ?? null, predefined_package: null, weight: weightOz, mode: 'test' },
      rates: [...rates.values()].map((rate) => rate.json),
      selected_rate: null,
      postage_label: null,
      tracker: null,
      fees: [],
      refund_status: null,
      messages,
      forms: [],
      batch_id: null,
      scan_form: null,
      insurance: null,
      usps_zone: 4,
    };
    this.shipments.set(id, { json, rates, request });
    return { status: 201, body: json, headers: { Location: `/api/v2/shipments/${id}` } };
  }

  get(shipmentId: string): FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    return stored ? { status: 200, body: stored.json } : NOT_FOUND;
  }

  /** Checks a buy as EasyPost does before charging: the shipment, the rate, no postage yet. */
  purchasable(shipmentId: string, body: unknown): Purchasable | FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    if (!stored) return NOT_FOUND;
    const rateId = typeof body === 'object' && body !== null ? (body as { rate?: { id?: unknown } }).rate?.id : undefined;
    if (typeof rateId !== 'string' || rateId === '') {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'rate', message: 'cannot be blank' }] });
    }
    if (stored.json['postage_label'] !== null) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.POSTAGE.EXISTS', message: 'Postage already exists for this shipment.', errors: [] });
    }
    const rate = stored.rates.get(rateId);
    if (!rate) return errorAnswer({ status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: [{ field: 'rate.id', message: 'is not a rate of this shipment' }] });
    return { stored, rate };
  }

  /** Charges for the rate and issues the label; answers the bought shipment. */
  buy({ stored, rate }: Purchasable): FakeAnswer {
    const now = timestamp();
    const trackingCode = `${rate.service.trackingPrefix}1001${String(++this.trackingSerial).padStart(14, '0')}`;
    const format = stored.request.labelFormat;
    const fileName = `${now.slice(0, 10).replace(/-/g, '')}/${randomBytes(17).toString('hex')}.${format === 'PDF' ? 'pdf' : 'zpl'}`;
    const fileUrl = `${this.baseUrl()}/files/postage_label/${fileName}`;
    const id = String(stored.json['id']);
    const content = { trackingCode, service: rate.service.service, toLines: linesOf(stored.request.to_address), fromLines: linesOf(stored.request.from_address) };
    // Rendered now, as EasyPost has the file ready when it answers the buy; a failure surfaces at the download.
    const rendered = format === 'PDF' ? renderFakeLabel(content) : undefined;
    rendered?.catch(() => undefined);
    this.files.set(fileName, { format, content, ...(rendered ? { rendered } : {}) });
    Object.assign(stored.json, {
      updated_at: now,
      tracking_code: trackingCode,
      selected_rate: { ...rate.json, updated_at: now },
      postage_label: {
        object: 'PostageLabel',
        id: hexId('pl'),
        created_at: now,
        updated_at: now,
        date_advance: 0,
        integrated_form: 'none',
        label_date: now,
        label_resolution: 300,
        label_size: stored.request.labelSize,
        label_type: 'default',
        label_file_type: format === 'PDF' ? 'application/pdf' : 'application/zpl',
        label_url: fileUrl,
        label_pdf_url: format === 'PDF' ? fileUrl : null,
        label_zpl_url: format === 'ZPL' ? fileUrl : null,
        label_epl2_url: null,
        label_file: null,
      },
      tracker: this.newTracker(trackingCode, id, now),
      fees: [
        { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
        { object: 'Fee', type: 'PostageFee', amount: feeString(rate.cents), charged: true, refunded: false },
      ],
    });
    this.sold += 1;
    return { status: 200, body: stored.json };
  }

  private newTracker(trackingCode: string, shipmentId: string, now: string): Json {
    const tracker: Json = {
      id: hexId('trk'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status: 'pre_transit',
      status_detail: 'label_created',
      created_at: now,
      updated_at: now,
      shipment_id: shipmentId,
      carrier: 'USPS',
      tracking_details: [trackingDetail({ status: 'pre_transit' }, now)],
      public_url: `${this.baseUrl()}/track/${trackingCode}`,
    };
    this.trackers.set(String(tracker['id']), tracker);
    return tracker;
  }

  tracker(trackerId: string): FakeAnswer {
    const tracker = this.trackers.get(trackerId);
    return tracker ? { status: 200, body: tracker } : NOT_FOUND;
  }

  private trackerOf(trackingCode: string): Json | undefined {
    return [...this.trackers.values()].find((tracker) => tracker['tracking_code'] === trackingCode);
  }

  /** Adds a scan to a sold label's tracker (its status follows); answers the `tracker.updated` event EasyPost would push. */
  addTrackingEvent(trackingCode: string, event: FakeTrackingEvent): Json {
    const tracker = this.trackerOf(trackingCode);
    if (!tracker) throw new Error(`the fake sold no label ${trackingCode}`);
    const now = timestamp();
    (tracker['tracking_details'] as Json[]).push(trackingDetail(event, now));
    Object.assign(tracker, { status: event.status, status_detail: event.status, updated_at: now });
    return this.trackerUpdatedEvent(trackingCode);
  }

  /** The `tracker.updated` Event for the label's tracker as it stands (easypost-node `types/Event/Event.d.ts`). */
  trackerUpdatedEvent(trackingCode: string): Json {
    const tracker = this.trackerOf(trackingCode);
    if (!tracker) throw new Error(`the fake sold no label ${trackingCode}`);
    const now = timestamp();
    return { id: hexId('evt'), object: 'Event', mode: 'test', description: 'tracker.updated', previous_attributes: {}, created_at: now, updated_at: now, pending_urls: [], completed_urls: [], result: tracker };
  }

  /** The shipment id of a sold tracking code (what `settleRefund` takes). */
  shipmentIdOf(trackingCode: string): string | undefined {
    const stored = [...this.shipments.values()].find((shipment) => shipment.json['tracking_code'] === trackingCode);
    return stored ? String(stored.json['id']) : undefined;
  }

  /** Accepts a refund unless one is pending or done (a rejected one may be asked again). */
  private acceptRefund(stored: StoredShipment): boolean {
    const status = stored.json['refund_status'];
    if (stored.json['postage_label'] === null || (status !== null && status !== 'rejected')) return false;
    stored.json['refund_status'] = 'submitted';
    stored.json['updated_at'] = timestamp();
    this.refundsAccepted += 1;
    return true;
  }

  refund(shipmentId: string): FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    if (!stored) return NOT_FOUND;
    if (stored.json['postage_label'] === null) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.REFUND.UNAVAILABLE', message: 'This shipment has no postage to refund.', errors: [] });
    }
    if (!this.acceptRefund(stored)) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.REFUND.UNAVAILABLE', message: 'A refund has already been requested for this shipment.', errors: [] });
    }
    return { status: 200, body: stored.json };
  }

  bulkRefund(body: unknown): FakeAnswer {
    const refund = typeof body === 'object' && body !== null ? (body as { refund?: { carrier?: unknown; tracking_codes?: unknown } }).refund : undefined;
    const codes = refund?.tracking_codes;
    if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === 'string' && code.trim() !== '')) {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'refund.tracking_codes', message: 'cannot be blank' }] });
    }
    const now = timestamp();
    const refunds = (codes as string[]).map((code) => {
      const stored = [...this.shipments.values()].find((shipment) => shipment.json['tracking_code'] === code);
      if (stored) this.acceptRefund(stored);
      return {
        id: hexId('rfnd'),
        object: 'Refund',
        created_at: now,
        updated_at: now,
        tracking_code: code,
        confirmation_number: null,
        // A code the fake never sold, or sold nothing for, cannot be refunded.
        status: stored?.json['refund_status'] ?? 'not_applicable',
        carrier: typeof refund?.carrier === 'string' ? refund.carrier : 'USPS',
        shipment_id: stored ? stored.json['id'] : null,
      };
    });
    return { status: 201, body: refunds };
  }

  /** Moves a submitted refund on, as USPS's answer days later would. */
  settleRefund(shipmentId: string, status: Exclude<FakeRefundStatus, 'submitted'>): void {
    const stored = this.shipments.get(shipmentId);
    if (!stored || stored.json['refund_status'] == null) throw new Error(`no refund requested for ${shipmentId}`);
    stored.json['refund_status'] = status;
    stored.json['updated_at'] = timestamp();
  }
}

const trackingDetail = (event: FakeTrackingEvent, now: string): Json => ({
  object: 'TrackingDetail',
  message: event.message ?? DEFAULT_MESSAGES[event.status],
  description: '',
  status: event.status,
  status_detail: event.status,
  datetime: event.datetime ? event.datetime.toISOString().replace(/\.\d{3}Z$/, 'Z') : now,
  source: 'USPS',
  carrier_code: '',
  tracking_location: { object: 'TrackingLocation', city: event.city ?? null, state: event.state ?? null, country: event.city ? 'US' : null, zip: event.zip ?? null },
});
