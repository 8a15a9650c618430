import { z } from 'zod';

/**
 * How a rate's parcel is packed (issue 45, "Cheapest boxes"): the sender's own box priced by weight, the same box priced
 * by USPS's cubic tiers, or a USPS Flat Rate envelope, box or soft pack priced by the box.
 */
export const PACKAGING_KINDS = ['own_box', 'cubic', 'flat_rate_envelope', 'flat_rate_box', 'soft_pack'] as const;
export const packagingKindSchema = z.enum(PACKAGING_KINDS);
export type PackagingKind = z.infer<typeof packagingKindSchema>;

/**
 * The packagings a label can be bought in besides the sender's own box, the same whichever carrier sells them: USPS
 * Cubic pricing of the sender's box, and USPS's Flat Rate envelope and boxes.
 */
export const PACKAGING_IDS = ['cubic', 'flat_rate_envelope', 'flat_rate_small_box', 'flat_rate_medium_box', 'flat_rate_large_box'] as const;
export const packagingIdSchema = z.enum(PACKAGING_IDS, { error: `Packaging must be one of: ${PACKAGING_IDS.join(', ')}` });
export type PackagingId = z.infer<typeof packagingIdSchema>;
