export { sandboxRate, isUnavailable, type SandboxRate, type SandboxRateUnavailable, type SandboxRateResult, type RatingBasis } from './sandbox-rate';
export { packagingOptions, type PackagingOption } from './packaging-options';
export { SANDBOX_PACKAGING, packagingChoicesFor, type PackagingChoice, type SandboxPackaging } from './packaging';
export type { SandboxParcel } from './parcel';
export { zoneFor, zoneForMiles, USPS_ZONE_UPPER_MILES, type ZoneResult } from './zones';
export { FLAT_RATE_BOXES, type FlatRateBox } from './usps-packaging.data';
