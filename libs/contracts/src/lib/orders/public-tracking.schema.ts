import { z } from 'zod';
import { idSchema } from '../common/ids';
import { trackingNumberSchema, trackingStatusSchema } from './label-lifecycle.schema';

/**
 * A tracking link's token (docs/decisions/089): 24 random bytes in base64url, 32 characters, 192 bits. Anything else
 * is no link at all, answered as an unknown one is.
 */
export const TRACKING_TOKEN_LENGTH = 32;
export const trackingTokenSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${TRACKING_TOKEN_LENGTH}}$`), 'must be a tracking link token');

/** The one answer for a token that is unknown, revoked or malformed: it tells a stranger nothing about which. */
export const TRACKING_LINK_NOT_FOUND = 'This tracking link does not exist or the seller turned it off.';

/** Which label a seller shares: a single order's, or one label of a batch by its tracking number. */
export const trackingLinkLabelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), orderId: idSchema }),
  z.object({ kind: z.literal('bulk'), orderId: idSchema, trackingNumber: trackingNumberSchema }),
]);
export type TrackingLinkLabel = z.infer<typeof trackingLinkLabelSchema>;

/** A label's live tracking link: the token the buyer's page `/t/{token}` is opened with. */
export const trackingLinkSchema = z.object({
  token: trackingTokenSchema,
  /** ISO 8601: when this link was made (asking again answers the same link until it is turned off). */
  createdAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

/** DELETE …/tracking-link: whether a live link was turned off (false: the label had none). */
export const trackingLinkRevokedSchema = z.object({ revoked: z.boolean() });
export type TrackingLinkRevoked = z.infer<typeof trackingLinkRevokedSchema>;

/** One carrier scan as a buyer sees it: the place is a city and state at most, never a street or a ZIP. */
export const publicTrackingEventSchema = z.object({
  status: trackingStatusSchema,
  message: z.string(),
  /** ISO 8601. */
  occurredAt: z.string(),
  /** `City, ST`, `City` or `ST`; null when the carrier named no place. */
  place: z.string().nullable(),
});
export type PublicTrackingEvent = z.infer<typeof publicTrackingEventSchema>;

/**
 * GET /api/public/tracking/{token}: what a buyer may see of a parcel. The seller's name, the courier and service, the
 * status and the scans; never the receiver, a street, a ZIP or a price (docs/decisions/089).
 */
export const publicTrackingSchema = z.object({
  /** The ship-from company on the label, or the sender's name when it has none: what the buyer reads on the parcel. */
  sellerName: z.string(),
  /** usps, ups, fedex, dhl_express; null for a label whose courier this release does not know. */
  courier: z.string().nullable(),
  serviceName: z.string(),
  /** In full: the buyer needs it to ask the courier (decision 089). */
  trackingNumber: z.string(),
  status: trackingStatusSchema,
  /** Oldest first. */
  events: z.array(publicTrackingEventSchema),
  /** ISO 8601: when the courier was last asked; null when never yet. */
  checkedAt: z.string().nullable(),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;
