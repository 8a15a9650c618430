/**
 * What the orders service needs from a carrier. Each adapter keeps its own mapping (our shipment ↔ carrier
 * payload) apart from its I/O, and is tested against stored payloads, never the network.
 */
export interface CarrierService {
  /** Stable id used by pricing and by orders, e.g. `usps_priority`. */
  uid: string;
  /** As shown to customers, e.g. `USPS Priority Mail`. */
  name: string;
  /** Customer-facing grouping (spec: default 'Other'). */
  category: string;
  maxWeightLb: number;
}

export interface LabelAddress {
  name: string;
  company: string | null;
  phone: string | null;
  street1: string;
  street2: string | null;
  city: string;
  /** Two-letter US state. */
  state: string;
  /** 5 digits or ZIP+4 (`12345` or `12345-6789`). */
  zip: string;
  country: 'US';
}

export interface LabelShipment {
  serviceUid: string;
  from: LabelAddress;
  to: LabelAddress;
  package: {
    lengthIn: number;
    widthIn: number;
    heightIn: number;
    /** Actual weight, may be fractional. */
    weightLb: number;
    description: string | null;
    /** Spec: package_reference1 (quantity). */
    reference1: string | null;
    /** Spec: package_reference2 (SKU number). */
    reference2: string | null;
  };
}

export interface CreatedLabel {
  /** IMpb tracking number (digits only, no application identifier). */
  trackingNumber: string;
  serviceUid: string;
  /** A single 4x6 in page. */
  pdf: Buffer;
}

export class CarrierError extends Error {
  constructor(
    message: string,
    /** True when trying again may succeed (time-out, 5xx); false for a refused shipment. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export interface CarrierAdapter {
  listServices(): Promise<CarrierService[]>;
  /** The same idempotency key must never produce a second label: it answers the first one again. */
  createLabel(shipment: LabelShipment, idempotencyKey: string): Promise<CreatedLabel>;
  voidLabel(trackingNumber: string): Promise<void>;
}

export const CARRIER = Symbol('CARRIER');
