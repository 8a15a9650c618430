import { TRACKING_STATUS_VALUES, type TrackingStatusValue } from '@labeldesk/contracts';
import type { LabelCarrier as CarrierId, Customs, PackagingId, SignatureOption } from '@labeldesk/contracts';

/**
 * What the orders service needs from a carrier. Each adapter is its own folder: a client (HTTP I/O), a mapper (our
 * shipment ⇄ the carrier's payload, tested on stored payloads) and the adapter implementing this port. Adapters never
 * throw for a carrier's answer: every answer is a PurchaseOutcome, so the one label purchaser decides what happens.
 */

export { LABEL_CARRIERS as CARRIER_IDS, type LabelCarrier as CarrierId } from '@labeldesk/contracts';

/**
 * One shipping service of a carrier (USPS Priority Mail, …). The uid is shared by every carrier that sells the same
 * USPS mail class, so a customer's per-user prices apply whichever carrier sells the label.
 */
export interface CarrierShippingService {
  /** Stable id used by pricing and by orders, e.g. `usps_priority`. */
  uid: string;
  /** As shown to customers, e.g. `USPS Priority Mail`. */
  name: string;
  /** Customer-facing grouping (spec: default 'Other'). */
  category: string;
  maxWeightLb: number;
}

/** The shipping services every carrier maps (USPS mail classes); an adapter refuses any other uid. */
export const SHIPPING_SERVICE_UIDS = ['usps_priority', 'usps_priority_express', 'usps_ground_advantage'] as const;
export type ShippingServiceUid = (typeof SHIPPING_SERVICE_UIDS)[number];

export type LabelFormat = 'PDF' | 'ZPL';

/** What a carrier is, as the registry and the label files need to know it. */
export interface CarrierProfile {
  id: CarrierId;
  /** As shown to admins, e.g. `EasyPost`. */
  displayName: string;
  /** True when its labels carry real postage; false for the sandbox's SAMPLE labels (never a failover target). */
  postage: boolean;
  /** The label files it sells; the label purchaser passes over a carrier without the format asked for. */
  labelFormats: readonly LabelFormat[];
  /** Purchases this process keeps in flight at once with this carrier (the registry enforces it). */
  maxConcurrentPurchases: number;
  /**
   * True when the carrier must be told who the shipper is (USPS: a platform reports each customer's e-mail and
   * phone), so orders looks up the shipper's e-mail before buying; false spares that look-up.
   */
  needsShipperContact: boolean;
  /**
   * True when it sells labels in other packaging than the sender's own box (USPS Cubic, Flat Rate: issue 45); the
   * label purchaser passes over a carrier without it for a shipment that names a packaging, as for a format.
   */
  sellsPackaging?: boolean;
}

export interface LabelAddress {
  name: string;
  company: string | null;
  phone: string | null;
  street1: string;
  street2: string | null;
  city: string;
  /** Two-letter US state at home; abroad the province where the country has them (`ON`), else free text or ''. */
  state: string;
  /** 5 digits or ZIP+4 (`12345` or `12345-6789`) at home; abroad the country's postal code, '' where it has none. */
  zip: string;
  /** ISO 3166-1 alpha-2 (decision 098); the sender is in the US. */
  country: string;
}

/**
 * A carrier's verification of an address (issue 26):
 * - `ok`: deliverable as given;
 * - `suggestion`: deliverable as the carrier's standardized form (`suggestion`: capitals, ZIP+4, corrected spelling),
 *   offered to the user to accept in one click;
 * - `undeliverable`: the carrier found no such delivery point; `messages` say why in the carrier's words.
 */
export interface AddressVerification {
  verdict: 'ok' | 'suggestion' | 'undeliverable';
  suggestion: LabelAddress | null;
  messages: string[];
}

/** Our customer buying the label, as a carrier that must know the shipper (USPS) reports them. */
export interface LabelShipper {
  /** Our id of the customer (their user id). */
  accountId: string;
  /** Null when the e-mail was not looked up (no carrier needs it) or the customer has none. */
  email: string | null;
  /** The sender address's phone. */
  phone: string | null;
}

export interface LabelShipment {
  serviceUid: string;
  /**
   * What the customer pays for this label, in cents. A carrier that knows its cost before buying (EasyPost from the
   * shipment's rates, the sandbox from its model) refuses a label that would cost more, so no label is sold under its
   * cost (issue 45); absent for a shipment not sold to anyone (rates, tests of carriers).
   */
  maxCostCents?: number;
  /** The label file wanted (default PDF); a carrier whose profile lacks it refuses the shipment. */
  format?: LabelFormat;
  /** Null when the caller does not know the customer (tests of carriers that do not need one). */
  shipper: LabelShipper | null;
  /**
   * A return label (decision 101): `from` is the buyer sending the parcel back, `to` the seller. A carrier with a
   * return product (EasyPost's `is_return`) buys that; any other buys a label from `from` to `to`.
   */
  isReturn?: true;
  /**
   * The one carrier to buy from (decision 123): a return label is bought from its outbound label's carrier, or the one
   * the seller picked; every other carrier passes it on unbought. Absent: any carrier, in the registry's order.
   */
  soldBy?: CarrierId;
  /**
   * The one account of that carrier to buy on (EasyPost's `ca_…`): a return label is bought on the account that sold
   * its outbound label (decision 125). Absent: the carrier's configured accounts.
   */
  carrierAccount?: string;
  from: LabelAddress;
  to: LabelAddress;
  package: {
    lengthIn: number;
    widthIn: number;
    heightIn: number;
    /** Actual weight in pounds, may be fractional (EasyPost wants ounces, USPS pounds: the mappers convert). */
    weightLb: number;
    description: string | null;
    /** Spec: package_reference1 (quantity). */
    reference1: string | null;
    /** Spec: package_reference2 (SKU number). */
    reference2: string | null;
    /** The packaging to buy the label in (USPS Cubic, a Flat Rate envelope or box); absent: the sender's own box. */
    packaging?: PackagingId;
  };
  /**
   * The customs declaration (issue 46, decision 098), as the contract has it, already checked against the receiver
   * (HS numbers to the EU, an ITN over $2,500 a Schedule B line): on every label abroad and to APO/FPO/DPO. Each
   * carrier maps it (EasyPost `customs_info`, USPS `customsForm`, the sandbox's own CN22/CP72 or invoice); a carrier
   * that needs it and finds none refuses the label. Absent or null at home.
   */
  customs?: Customs | null;
  /**
   * Insurance and a signature bought with the label (decision 102), already priced into `maxCostCents`: a carrier that
   * sells them passes them on (EasyPost `insurance` on the buy, `options.delivery_confirmation`, decision 112). Absent:
   * none asked.
   */
  extras?: ShipmentExtras;
}

/** What a label is insured for and how it is signed for. */
export interface ShipmentExtras {
  /** The declared value insured, integer cents; null when not insured. */
  declaredValueCents: number | null;
  signature: SignatureOption;
}

/** The carrier's own ids of one label: EasyPost `shipmentId`/`rateId`/`trackerId`, USPS `sku`, sandbox `serial`. */
export type CarrierRefs = Readonly<Record<string, string>>;

export interface BoughtLabel {
  carrier: CarrierId;
  /** The carrier's tracking number (IMpb digits for USPS labels, no application identifier). */
  trackingNumber: string;
  serviceUid: string;
  format: LabelFormat;
  /** The label file in `format`: a single 4x6 in page (PDF) or one ZPL II label, ^XA … ^XZ (ZPL). */
  file: Buffer;
  /** What the carrier charged us: postage + extra services + fees, integer cents (0 for the sandbox's samples). */
  costCents: number;
  /**
   * What the same postage costs at the counter (EasyPost's `retail_rate`, the sandbox's simulated one), integer cents;
   * absent or null when the carrier gives none. Kept with the label for the customer's "saved against retail".
   */
  retailCents?: number | null;
  carrierRefs: CarrierRefs;
}

/**
 * A carrier's answer to a purchase:
 * - `bought`: the label exists and is ours.
 * - `refused`: the shipment is wrong (address not found, over the weight limit…): the row fails with `message`, in
 *   plain words for the customer; nothing was bought and another carrier would refuse it too.
 * - `not_attempted`: the request provably did not reach a purchase (connection refused, 5xx or time-out on a step
 *   before the buy, 429, circuit open, no funds at the upstream): safe to try again or to try the next carrier.
 * - `unknown`: the purchase may have happened (time-out or lost answer after the buy was sent): never retried
 *   blindly and never failed over; only `resolve` on the same carrier settles it. `unreadable` when the carrier did
 *   answer, with a success we could not read: a label was most likely sold, so the operator is alerted too.
 */
export type PurchaseOutcome =
  | { kind: 'bought'; label: BoughtLabel }
  | { kind: 'refused'; message: string; belowCost?: BelowCost }
  | { kind: 'not_attempted'; reason: NotAttemptedReason; message: string; retryAfterMs?: number }
  | { kind: 'unknown'; message: string; unreadable?: true };

/** A refusal because the carrier's cost for the label is over what the customer pays (the admin is alerted). */
export interface BelowCost {
  serviceUid: string;
  costCents: number;
  priceCents: number;
}

/**
 * Why nothing was bought. `not_bought` is `resolve`'s answer that the carrier has no purchase under the key: the carrier
 * answered, so it is not an outage (a crash leaves many such questions at once, and they must not open the circuit).
 */
export type NotAttemptedReason = 'unavailable' | 'rate_limited' | 'upstream_funds' | 'circuit_open' | 'busy' | 'not_bought';

/**
 * Where an adapter writes down the carrier's ids of a purchase before it sends the buy (EasyPost's `shp_`), so that a
 * lost answer can be asked about after a crash, on any replica. What was remembered comes back to `resolve`.
 */
export interface PurchaseJournal {
  remember(refs: CarrierRefs): Promise<void>;
}

export type VoidOutcome =
  /** Cancelled before the carrier's manifest: nothing will be charged. */
  | { kind: 'voided' }
  /** The carrier watches for scans before it pays back (USPS dispute, EasyPost `submitted`). */
  | { kind: 'refund_pending'; refundRef: string | null }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string };

export interface LabelToVoid {
  trackingNumber: string;
  carrierRefs: CarrierRefs;
  /** When the label was bought: the sandbox's simulated manifest and tracking start there. */
  purchasedAt: Date;
  /**
   * When the label went on a SCAN form, if it did: a form manifests its labels at once, so the sandbox answers a
   * void after it with a refund request (real carriers know this themselves).
   */
  manifestedAt?: Date | null;
}

/** A refund the carrier is watching (`refund_pending` after `void`), asked about by the refund reconciler. */
export interface PendingRefund extends LabelToVoid {
  /** The carrier's id of the refund request (USPS dispute id), when it gave one. */
  refundRef: string | null;
  /** When the void was asked: USPS and the sandbox settle a refund a fixed time after it. */
  requestedAt: Date;
}

/**
 * Where a pending refund stands at the carrier:
 * - `refund_pending`: still watched; ask again later.
 * - `refunded`: the carrier pays it back: the customer is credited the label's price, once.
 * - `refund_rejected`: final, with the carrier's reason in plain words (the package was scanned, too late…).
 * - `retry`: the carrier rejected the request for a reason that passes (EasyPost: "too soon" after the purchase):
 *   the reconciler asks `void` again later.
 * - `unknown`: no answer now; ask again later.
 */
export type RefundCheck =
  | { kind: 'refund_pending' }
  | { kind: 'refunded' }
  | { kind: 'refund_rejected'; reason: string }
  | { kind: 'retry'; message: string }
  | { kind: 'unknown'; message: string };

/** EasyPost's tracker vocabulary, used for every carrier (USPS categories are mapped onto it): the API's own list. */
export const TRACKING_STATUSES = TRACKING_STATUS_VALUES;
export type TrackingStatus = TrackingStatusValue;

/** A scan with one of these statuses does not use a label: it can still be voided. */
export const UNUSED_TRACKING_STATUSES: ReadonlySet<TrackingStatus> = new Set(['pre_transit', 'unknown', 'cancelled']);

export interface TrackingEvent {
  status: TrackingStatus;
  /** The carrier's words, e.g. `Accepted at USPS Origin Facility`. */
  message: string;
  occurredAt: Date;
  /** `City, ST 12345` (what the carrier gave), or null. */
  location: string | null;
}

export interface TrackingReport {
  status: TrackingStatus;
  /** Oldest first. */
  events: TrackingEvent[];
}

/** USPS takes at most this many packages on one PS Form 5630 (larger sets are split into several forms). */
export const MAX_LABELS_PER_SCAN_FORM = 200;

/** A SCAN form (USPS PS Form 5630) asked of the carrier: labels of one sender, mailed on one day. */
export interface ScanFormRequest {
  /** Our id of the form: a repeated request with the same id never makes a second form at the carrier. */
  formId: string;
  /** `YYYY-MM-DD`, the day the parcels are handed over. */
  mailingDate: string;
  /** The one sender address every label on the form was bought from. */
  from: LabelAddress;
  /** 1..MAX_LABELS_PER_SCAN_FORM labels this carrier sold, not voided, on no other form. */
  labels: readonly { trackingNumber: string; carrierRefs: CarrierRefs }[];
}

/**
 * A carrier's answer to a SCAN form:
 * - `created`: the form's PDF and its own barcode number; every label on it is manifested from now on.
 * - `refused`: the carrier will not make this form (a label unknown or already on a form): the message says why.
 * - `unknown`: the request provably made no form (never sent, or refused before the carrier acted on it): nothing
 *   is recorded and the form may be asked again under the same id.
 * - `unconfirmed`: the request was sent and the form may exist (a success we could not read, or no answer after the
 *   request left): the labels are kept as manifested, the operator is alerted, and the form is never asked again
 *   (`barcode` when the answer named it).
 */
export type ScanFormOutcome =
  | { kind: 'created'; file: Buffer; barcode: string; carrierRefs: CarrierRefs }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'unconfirmed'; message: string; barcode: string | null; carrierRefs: CarrierRefs };

/**
 * Other packaging the carrier would carry the same parcel in on the same service, for less than the sender's own box
 * priced by weight (USPS Cubic, a Flat Rate envelope or box: issue 45, "Cheapest boxes").
 */
export interface CarrierPackagingRate {
  /** The packaging's id, the same whichever carrier prices it: `cubic`, `flat_rate_envelope`, `flat_rate_medium_box`… */
  id: PackagingId;
  kind: 'cubic' | 'flat_rate_envelope' | 'flat_rate_box' | 'soft_pack';
  /** As the courier names it, e.g. `Priority Mail Flat Rate Envelope`. */
  name: string;
  /** How it is priced, in a few words a seller reads: `Cubic tier 0.2 ft³`, `one price to any zone`. */
  basis: string;
  costCents: number;
}

/** What a carrier charges us for one of its services on a shipment, and how fast it goes. */
export interface CarrierRate {
  serviceUid: string;
  /** Postage and the carrier's fees for this shipment, integer cents. */
  costCents: number;
  /** Business days in transit the carrier states; null when it gave none. */
  deliveryDays: number | null;
  /** The delivery date the carrier states (ISO 8601), null when it gave none. */
  deliveryDate: string | null;
  /** Cheaper packaging for the same service, cheapest first; absent or empty when none applies. */
  packagingOptions?: CarrierPackagingRate[];
}

export interface CarrierAdapter {
  readonly profile: CarrierProfile;
  listShippingServices(): Promise<CarrierShippingService[]>;
  /**
   * The carrier's rates for a shipment, one per service it would sell for it (a service it would not carry is left
   * out). Absent: the carrier quotes no rates. Throws when the carrier could not be asked (the caller goes on without).
   */
  rates?(shipment: LabelShipment): Promise<CarrierRate[]>;
  /**
   * Buys one label. The same idempotency key never buys a second label: a repeated key answers the first label (or
   * `unknown` while the first purchase is unresolved). Never throws for anything the carrier said or did not say.
   */
  purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome>;
  /**
   * What became of a purchase whose answer was lost, asked of this carrier with the refs its journal remembered:
   * `bought` (the label, fetched again), `not_attempted` (provably nothing bought: safe to buy again or fail over),
   * `refused`, or still `unknown`.
   */
  resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome>;
  /** Cancels or asks a refund for a label this carrier sold; a repeated void never asks twice for the money. */
  void(label: LabelToVoid): Promise<VoidOutcome>;
  /**
   * Voids many labels in one request where the carrier has one (EasyPost `POST /v2/refunds`); one outcome per label,
   * in order. Absent: the caller voids them one at a time.
   */
  voidMany?(labels: readonly LabelToVoid[]): Promise<VoidOutcome[]>;
  /** Where a pending refund stands. Never throws for the carrier's answer. */
  refundStatus(refund: PendingRefund): Promise<RefundCheck>;
  /**
   * The label's tracking as the carrier reports it now, or null when the carrier did not answer (ask later). A carrier
   * that pushes updates (EasyPost webhooks) still answers this, for labels whose push never came.
   */
  track(label: LabelToVoid): Promise<TrackingReport | null>;
  /**
   * The carrier's address verification, where it has one (EasyPost `POST /v2/addresses`, USPS Addresses v3). Null
   * when the carrier did not answer (the caller goes on without it). Never throws for the carrier's answer.
   */
  verifyAddress?(address: LabelAddress): Promise<AddressVerification | null>;
  /**
   * Whether this carrier still buys on one of its accounts (EasyPost's `ca_…` recorded as a label's
   * `carrierRefs.carrierAccountId`), for a return bought on its outbound label's account (decision 125). Absent: a
   * carrier of one account.
   */
  hasCarrierAccount?(accountId: string): boolean;
  /**
   * Why this carrier would refuse the shipper's contact before anything is sent (USPS directly needs the seller's phone
   * and e-mail), or null; asked before a return is priced, so it is said before buying (decision 128). Absent: the
   * carrier needs no contact.
   */
  shipperProblem?(shipper: LabelShipper | null): string | null;
  /**
   * A SCAN form for labels this carrier sold (USPS `POST /scan-forms/v3/scan-form`, EasyPost `POST /v2/scan_forms`,
   * the sandbox's SAMPLE PS 5630). Absent: the carrier has none and the caller says so. Never throws for the
   * carrier's answer.
   */
  scanForm?(request: ScanFormRequest): Promise<ScanFormOutcome>;
}

/** The registry of the carriers `CARRIERS` turns on, in the order they are tried. */
export const CARRIER_REGISTRY = Symbol('CARRIER_REGISTRY');
