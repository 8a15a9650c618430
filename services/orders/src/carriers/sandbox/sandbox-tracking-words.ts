import type { Courier } from '@labeldesk/contracts';

/** How a courier words the steps of a parcel's simulated journey, and its refusals of a used label. */
export interface CourierTrackingWords {
  created: string;
  accepted: string;
  regional: string;
  outForDelivery: string;
  delivered: string;
  /** Why a void of a scanned package is refused. */
  scanned: string;
  /** Why a refund was rejected: the package was scanned after the void. */
  used: string;
}

export type SandboxCourier = Extract<Courier, 'usps' | 'ups' | 'fedex' | 'dhl_express'>;

const usedLabel = (name: string): Pick<CourierTrackingWords, 'scanned' | 'used'> => ({
  scanned: `${name} has scanned this package: a used label cannot be refunded.`,
  used: `${name} recorded a scan of this package, so the label was used.`,
});

/**
 * USPS's as its tracking pages say them. FedEx's first steps as recorded in EasyPost's FedEx tracker (EasyPost/examples,
 * official/fixtures/event-body.json: "Shipment information sent to FedEx", "Picked up", "Departed FedEx location");
 * its last two and UPS's as their tracking pages word them (no UPS tracker is recorded in this repository).
 */
export const TRACKING_WORDS: Readonly<Record<SandboxCourier, CourierTrackingWords>> = Object.freeze({
  usps: {
    created: 'Shipping Label Created, USPS Awaiting Item',
    accepted: 'Accepted at USPS Origin Facility',
    regional: 'Arrived at USPS Regional Facility',
    outForDelivery: 'Out for Delivery',
    delivered: 'Delivered, In/At Mailbox',
    ...usedLabel('USPS'),
  },
  ups: {
    created: 'Shipper created a label, UPS has not received the package yet.',
    accepted: 'Origin Scan',
    regional: 'Departed from Facility',
    outForDelivery: 'Out For Delivery Today',
    delivered: 'Delivered',
    ...usedLabel('UPS'),
  },
  fedex: {
    created: 'Shipment information sent to FedEx',
    accepted: 'Picked up',
    regional: 'Departed FedEx location',
    outForDelivery: 'On FedEx vehicle for delivery',
    delivered: 'Delivered',
    ...usedLabel('FedEx'),
  },
  // DHL Express's tracking page's words (decision 098: the sandbox's DHL Express Worldwide labels abroad).
  dhl_express: {
    created: 'Shipment information received',
    accepted: 'Shipment picked up',
    regional: 'Departed Facility in CINCINNATI HUB - USA',
    outForDelivery: 'With delivery courier',
    delivered: 'Delivered',
    ...usedLabel('DHL Express'),
  },
});
