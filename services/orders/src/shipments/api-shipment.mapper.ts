import type { ApiShipment } from '@labeldesk/contracts';
import type { ShipmentRow } from './shipments.repository';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A party of the order (`sender` or `receiver`, as stored) as the API answers it: who and where, no street or phone. */
const place = (party: Record<string, unknown>, prefix: 'sender' | 'receiver'): ApiShipment['from'] => ({
  name: text(party[`${prefix}_name`]) ?? '',
  city: text(party[`${prefix}_city`]),
  state_province: text(party[`${prefix}_state_province`]),
  zip_postal: text(party[`${prefix}_zip_postal`]),
  country: text(party[`${prefix}_country`]),
});

/** A stored order as `GET /api/v1/shipments/{id}` answers it. A bought label nobody voided is `purchased`. */
export const toApiShipment = (row: ShipmentRow): ApiShipment => ({
  id: row.id,
  status: row.status,
  label_state: row.status === 'completed' && row.tracking_number !== null ? (row.void_state ?? 'purchased') : null,
  tracking_status: row.tracking_status,
  tracking_number: row.tracking_number,
  service_name: row.service_name,
  courier: row.courier,
  label_format: row.label_format === 'ZPL' ? 'zpl' : 'pdf',
  price_cents: row.price_cents,
  reference: row.reference,
  metadata: row.metadata ?? {},
  from: place(row.sender, 'sender'),
  to: place(row.receiver, 'receiver'),
  failure_reason: row.failure_reason,
  created_at: row.cursor_at,
  mode: row.mode,
});
