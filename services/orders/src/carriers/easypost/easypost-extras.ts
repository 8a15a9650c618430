import type { PackagingId, SignatureOption } from '@labeldesk/contracts';
import type { LabelShipment } from '../carrier.port';

/**
 * What EasyPost is told of a label's extras and packaging (decision 112), in its own words: easypost-node's
 * `types/Shipment/Options` (`delivery_confirmation`), `Shipment.buy(id, rate, insuranceAmount)` ("pass the insurance
 * attribute as a string", USD) and the USPS `predefined_packages` of its carrier metadata.
 */

export type EasyPostDeliveryConfirmation = 'SIGNATURE' | 'ADULT_SIGNATURE';

const CONFIRMATIONS: Readonly<Record<Exclude<SignatureOption, 'none'>, EasyPostDeliveryConfirmation>> = { signature: 'SIGNATURE', adult: 'ADULT_SIGNATURE' };

/** `options.delivery_confirmation` of the shipment, or null for none asked. */
export const deliveryConfirmationOf = (shipment: LabelShipment): EasyPostDeliveryConfirmation | null => {
  const signature = shipment.extras?.signature ?? 'none';
  return signature === 'none' ? null : CONFIRMATIONS[signature];
};

/** Cents as EasyPost's dollar strings (`"100.00"`): insurance, claim amounts. */
export const dollarsOfCents = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The declared value as the buy's `insurance` (`"100.00"`, dollars), or null when the label is not insured. */
export const insuranceAmountOf = (shipment: LabelShipment): string | null => {
  const cents = shipment.extras?.declaredValueCents ?? null;
  return cents === null ? null : dollarsOfCents(cents);
};

/**
 * What EasyPost charges to insure a declared value, in cents, as its recordings show it: an `InsuranceFee` of 0.50 for
 * $100 insured (and for the $50 its test account insured by default), that is 0.5 % rounded up to the cent, at least
 * $0.50. Known before the buy only this way, so the below-cost check counts it beside the rate (decision 090).
 */
export const easyPostInsuranceFeeCents = (declaredValueCents: number): number => Math.max(50, Math.ceil(declaredValueCents / 200));

/** USPS packaging by EasyPost's `predefined_package` names (its USPS carrier metadata); Cubic has none there. */
const PREDEFINED_PACKAGES: Readonly<Partial<Record<PackagingId, string>>> = {
  flat_rate_envelope: 'FlatRateEnvelope',
  flat_rate_small_box: 'SmallFlatRateBox',
  flat_rate_medium_box: 'MediumFlatRateBox',
  flat_rate_large_box: 'LargeFlatRateBox',
};

/** The shipment's packaging as `parcel.predefined_package`: a name, null for the sender's own box, or `unsold`. */
export const predefinedPackageOf = (shipment: LabelShipment): string | null | 'unsold' => {
  const packaging = shipment.package.packaging;
  if (!packaging) return null;
  return PREDEFINED_PACKAGES[packaging] ?? 'unsold';
};

/** Why a packaging EasyPost has no predefined package for is not bought through it. */
export const UNSOLD_PACKAGING = 'USPS Cubic pricing is not sold through EasyPost here: choose a Flat Rate packaging or your own box.';
