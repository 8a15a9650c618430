import type { Customs, SingleOrder } from '@labeldesk/contracts';
import type { LabelShipment, LabelShipper, ShipmentExtras } from './carrier.port';

/** What any order (single or a bulk row) holds about one parcel. */
export interface ShipmentParts {
  serviceUid: string;
  sender: SingleOrder['sender'];
  receiver: SingleOrder['receiver'];
  package: Omit<SingleOrder['package'], 'package_weight_unit'>;
  /** The customs declaration of a parcel abroad (decision 098); absent or null at home. */
  customs?: Customs | null;
  /** Insurance and a signature bought with a single label (decision 102); absent or null: none. */
  extras?: ShipmentExtras | null;
}

/** Our order fields and the customer buying it → the carrier port's shipment (the sender in the US, the receiver anywhere). */
export const toShipment = (order: ShipmentParts, shipper: LabelShipper | null): LabelShipment => ({
  serviceUid: order.serviceUid,
  shipper,
  from: {
    name: order.sender.sender_name,
    company: order.sender.sender_company,
    phone: order.sender.sender_phone,
    street1: order.sender.sender_address1,
    street2: order.sender.sender_address2,
    city: order.sender.sender_city,
    state: order.sender.sender_state_province,
    zip: order.sender.sender_zip_postal,
    country: 'US',
  },
  to: {
    name: order.receiver.receiver_name,
    company: order.receiver.receiver_company,
    phone: order.receiver.receiver_phone,
    street1: order.receiver.receiver_address1,
    street2: order.receiver.receiver_address2,
    city: order.receiver.receiver_city,
    state: order.receiver.receiver_state_province,
    zip: order.receiver.receiver_zip_postal,
    country: order.receiver.receiver_country,
  },
  package: {
    lengthIn: order.package.package_length,
    widthIn: order.package.package_width,
    heightIn: order.package.package_height,
    weightLb: order.package.package_weight,
    description: order.package.package_description,
    reference1: order.package.package_reference1,
    reference2: order.package.package_reference2,
    // Only a single order names a packaging (issue 45); absent, the label is for the sender's own box.
    ...('package_packaging' in order.package && order.package.package_packaging ? { packaging: order.package.package_packaging } : {}),
  },
  ...(order.customs ? { customs: order.customs } : {}),
  ...(order.extras && (order.extras.declaredValueCents !== null || order.extras.signature !== 'none') ? { extras: order.extras } : {}),
});
