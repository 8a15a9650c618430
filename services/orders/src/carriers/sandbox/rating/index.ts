/**
 * The sandbox's rating model: what each courier's services would cost and take for a US → US parcel, so the embedded
 * mode shows a real-looking comparison. Pure functions over simulated tables shaped like the couriers' published 2026
 * prices (not real prices); zones from the ZIP3 pair by distance. Entry points: `sandboxRate` for one service and
 * packaging, `packagingOptions` for every packaging a service offers the parcel, cheapest first.
 */
export { sandboxRate, isUnavailable, type SandboxRate, type SandboxRateUnavailable, type SandboxRateResult, type RatingBasis } from './sandbox-rate';
export { packagingOptions, type PackagingOption } from './packaging-options';
export { SANDBOX_PACKAGING, packagingChoicesFor, type PackagingChoice, type SandboxPackaging } from './packaging';
export type { SandboxParcel } from './parcel';
export { zoneFor, zoneForMiles, USPS_ZONE_UPPER_MILES, type ZoneResult } from './zones';
export { FLAT_RATE_BOXES, type FlatRateBox } from './usps-packaging.data';
export { dearestCostByWeightCents } from './dearest-cost';
