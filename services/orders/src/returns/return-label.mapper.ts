import { isServiceCaller, type AnyCaller, type ReturnLabel } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import { keyModeOf } from '../orders';
import type { ReturnLinkRow } from './return-links.repository';
import type { ReturnLabelsRepository, ReturnRow } from './return-labels.repository';

export type BoughtReturn = ReturnRow & { status: Exclude<ReturnRow['status'], 'pending'>; trackingNumber: string; labelName: string };

export const isBought = (row: ReturnRow): row is BoughtReturn => row.status !== 'pending' && row.trackingNumber !== null && row.labelName !== null;

/** A bought return label as its seller reads it; the link's token is never part of it. */
export const toReturnLabel = (row: BoughtReturn, link: ReturnLinkRow | null | undefined): ReturnLabel => ({
  id: row.id,
  orderId: row.orderId,
  trackingNumber: row.trackingNumber,
  courier: row.courier,
  serviceName: row.serviceName,
  priceCents: row.priceCents,
  payment: row.payment,
  state: row.status,
  scannedAt: row.scannedAt?.toISOString() ?? null,
  chargedAt: row.chargedAt?.toISOString() ?? null,
  labelName: row.labelName,
  link: link ? { createdAt: link.createdAt.toISOString(), expiresAt: link.expiresAt.toISOString(), revoked: link.revokedAt !== null } : null,
  createdAt: row.createdAt.toISOString(),
  refundReason: row.status === 'refund_rejected' ? row.refundReason : null,
  mode: row.mode,
  carrier: row.carrier,
});

/** The caller's return label (an admin's: anyone's); a key's only of its own mode (decision 125), another mode's not found. */
export const ownedReturn = async (returns: ReturnLabelsRepository, caller: AnyCaller, returnId: string, notFound: string): Promise<ReturnRow> => {
  const scope = ownerScopeOf(caller);
  const row = await returns.find(returnId, scope);
  const bound = isServiceCaller(caller) ? undefined : keyModeOf(caller);
  return foundInScope(row && (!bound || row.mode === bound) ? row : null, scope, notFound);
};
