import type { LabelShipment } from '../../carrier.port';
import { COUNTRY_GROUP_NAMES, countryGroupOf, type CountryGroup } from './country-groups';
import { findSandboxInternationalService, type SandboxInternationalService } from './international-services';

/**
 * The sandbox's simulated cost and days abroad (decision 098), by the receiver's country group and the billed pounds:
 * a first pound and each pound after it, per group 1–5 (Canada, Mexico, Europe, Asia-Pacific, the rest), in the order
 * of USPS's and DHL's published retail prices (2026: First-Class Package International to Canada from about $16,
 * Priority Mail International from about $45, Express International from about $60, DHL Express Worldwide more).
 * DHL bills the dimensional weight (L × W × H ÷ 139) when it is more; USPS abroad the actual pounds.
 */
const PRICES: Readonly<Record<string, { firstLb: readonly number[]; perLb: readonly number[]; days: readonly number[] }>> = {
  usps_first_class_international: { firstLb: [1_600, 1_750, 2_050, 2_150, 2_300], perLb: [300, 350, 500, 550, 600], days: [7, 10, 12, 14, 18] },
  usps_priority_international: { firstLb: [4_500, 4_750, 5_350, 5_600, 5_900], perLb: [400, 450, 650, 700, 800], days: [6, 8, 8, 9, 12] },
  usps_priority_express_international: { firstLb: [6_000, 6_250, 6_950, 7_250, 7_600], perLb: [500, 550, 800, 850, 950], days: [3, 4, 5, 5, 6] },
  dhl_express_worldwide: { firstLb: [5_500, 5_800, 6_500, 6_800, 7_300], perLb: [600, 650, 900, 950, 1_100], days: [2, 2, 3, 3, 4] },
};

const DHL_DIM_DIVISOR = 139;

export interface InternationalRate {
  serviceUid: string;
  costCents: number;
  deliveryDays: number;
  group: CountryGroup;
  billedWeightLb: number;
}

export type InternationalRateResult = InternationalRate | { unavailable: string };

const wholePounds = (weightLb: number): number => Math.max(1, Math.ceil(weightLb - 1e-9));

const billedPounds = (service: SandboxInternationalService, pkg: LabelShipment['package']): number => {
  const actual = wholePounds(pkg.weightLb);
  if (service.courier !== 'dhl_express') return actual;
  return Math.max(actual, wholePounds((pkg.lengthIn * pkg.widthIn * pkg.heightIn) / DHL_DIM_DIVISOR));
};

/** What the declared contents are worth, in cents (0 without a declaration). */
export const declaredValueCents = (shipment: LabelShipment): number => (shipment.customs?.items ?? []).reduce((sum, item) => sum + item.value_cents, 0);

/** Why the service cannot carry this parcel abroad, or null. */
const refusalOf = (service: SandboxInternationalService, shipment: LabelShipment): string | null => {
  if (shipment.to.country === 'US') return `${service.name} carries parcels abroad only; choose a US service for a US address`;
  if (shipment.package.weightLb > service.maxWeightLb) return `${service.name} takes parcels up to ${service.maxWeightLb} lb; this one weighs ${shipment.package.weightLb} lb`;
  const value = declaredValueCents(shipment);
  if (service.maxValueCents !== null && value > service.maxValueCents) {
    return `${service.name} takes contents worth up to $${service.maxValueCents / 100}; these are declared at $${(value / 100).toFixed(2)}`;
  }
  return null;
};

/** The sandbox's cost and days for one of its services abroad, or why it cannot carry the parcel. Pure. */
export const internationalRate = (serviceUid: string, shipment: LabelShipment): InternationalRateResult => {
  const service = findSandboxInternationalService(serviceUid);
  const prices = PRICES[serviceUid];
  if (!service || !prices) return { unavailable: `No international service "${serviceUid}" in the sandbox` };
  const refusal = refusalOf(service, shipment);
  if (refusal) return { unavailable: refusal };
  const group = countryGroupOf(shipment.to.country);
  const firstLb = prices.firstLb[group - 1];
  const perLb = prices.perLb[group - 1];
  const days = prices.days[group - 1];
  if (firstLb === undefined || perLb === undefined || days === undefined) return { unavailable: `${service.name} has no price for ${COUNTRY_GROUP_NAMES[group]}` };
  const billedWeightLb = billedPounds(service, shipment.package);
  return { serviceUid, costCents: firstLb + perLb * (billedWeightLb - 1), deliveryDays: days, group, billedWeightLb };
};
