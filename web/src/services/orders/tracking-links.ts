import { trackingLinkRevokedSchema, trackingLinkSchema, type TrackingLink, type TrackingLinkRevoked } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import type { TrackingTarget } from './label-tracking';

const linkPath = (target: TrackingTarget): string =>
  target.kind === 'single'
    ? `/api/orders/${encodeURIComponent(target.orderId)}/tracking-link`
    : `/api/orders/bulk/${encodeURIComponent(target.orderId)}/tracking-link/${encodeURIComponent(target.trackingNumber)}`;

/** The buyer's page for a link's token, on this site. */
export const trackingPageUrl = (token: string, origin: string = window.location.origin): string => `${origin}/t/${token}`;

/** The label's live link for its buyer (made on first ask, the same one after). */
export const issueTrackingLink = (target: TrackingTarget): Promise<TrackingLink> => apiRequest(linkPath(target), { method: 'POST', schema: trackingLinkSchema });

/** Turns the label's link off: its page answers not found from then on. */
export const revokeTrackingLink = (target: TrackingTarget): Promise<TrackingLinkRevoked> => apiRequest(linkPath(target), { method: 'DELETE', schema: trackingLinkRevokedSchema });

export const useIssueTrackingLink = () => useMutation({ mutationFn: issueTrackingLink });
export const useRevokeTrackingLink = () => useMutation({ mutationFn: revokeTrackingLink });
