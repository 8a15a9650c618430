import type { BulkOrderItem, SingleOrder } from '@labeldesk/contracts';

/** Addresses and a package as the contract's schemas output them. */
export const sender = (name = 'Sam Sender'): SingleOrder['sender'] => ({
  sender_name: name,
  sender_phone: '555-0100',
  sender_company: null,
  sender_address1: '1 Depot Road',
  sender_address2: null,
  sender_city: 'Austin',
  sender_state_province: 'TX',
  sender_zip_postal: '78701',
  sender_country: 'US',
});

export const receiver = (name = 'Rae Receiver'): SingleOrder['receiver'] => ({
  receiver_name: name,
  receiver_phone: null,
  receiver_company: null,
  receiver_address1: '9 Elm Street',
  receiver_address2: null,
  receiver_city: 'Denver',
  receiver_state_province: 'CO',
  receiver_zip_postal: '80202',
  receiver_country: 'US',
});

export const parcel = (weight = 2): SingleOrder['package'] => ({
  package_length: 10,
  package_width: 8,
  package_height: 4,
  package_weight: weight,
  package_weight_unit: 'LB',
  package_description: null,
  package_reference1: null,
  package_reference2: null,
});

/** One bulk row; `n` tells the rows apart in what the repository answers. */
export const bulkRow = (n: number, sku: string | null = null): BulkOrderItem => ({
  courier: 'usps',
  service_name: 'USPS Ground Advantage',
  manifested: false,
  sender: sender(),
  receiver: receiver(`Recipient ${n}`),
  package: { ...parcel(), order_id: `order-${n}`, order_item_id: `item-${n}`, sku_number: sku, quantity: 1 },
});
