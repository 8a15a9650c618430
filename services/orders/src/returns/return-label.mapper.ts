import type { ReturnLabel } from '@labeldesk/contracts';
import type { ReturnLinkRow } from './return-links.repository';
import type { ReturnRow } from './return-labels.repository';

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
});
