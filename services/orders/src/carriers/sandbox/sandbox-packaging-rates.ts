import type { CarrierPackagingRate } from '../carrier.port';
import { packagingOptions, type PackagingOption, type SandboxParcel } from './rating';

const kindOf = (option: PackagingOption): CarrierPackagingRate['kind'] => {
  if (option.packaging === 'cubic') return 'cubic';
  return option.packaging === 'flat_rate_envelope' ? 'flat_rate_envelope' : 'flat_rate_box';
};

/** How the packaging is priced, without the money (a customer sees their own prices, never our costs). */
const basisOf = (option: PackagingOption): string =>
  option.basis === 'cubic' ? `Cubic tier ${option.cubicTierFt3} ft³` : 'one price to any zone';

/**
 * The packaging the sandbox's rating model would carry the parcel in on this service for less than `ownBoxCostCents`
 * (what the sender's own box costs by weight), cheapest first: USPS Cubic and the Flat Rate boxes the parcel fits.
 */
export const cheaperPackagingRates = (serviceUid: string, parcel: SandboxParcel, ownBoxCostCents: number): CarrierPackagingRate[] =>
  packagingOptions(serviceUid, parcel)
    .flatMap((option) => {
      if (option.packaging === 'parcel' || option.costCents >= ownBoxCostCents) return [];
      return [{ id: option.packaging, kind: kindOf(option), name: option.name, basis: basisOf(option), costCents: option.costCents }];
    });
