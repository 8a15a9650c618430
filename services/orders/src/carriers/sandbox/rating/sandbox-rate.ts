import { catalogServiceOf, type CatalogService } from '../../catalog/shipping-service-catalog';
import { billedWeight } from './billed-weight';
import { cubicTier } from './cubic-tier';
import { fitsFlatRateBox } from './flat-rate-fit';
import { flatRateBoxOf, type SandboxPackaging } from './packaging';
import { parcelMeasureProblem, sidesLongestFirst, wholePoundsUp, type SandboxParcel } from './parcel';
import { SERVICE_SPEEDS } from './service-speed.data';
import { CUBIC_PRICES, FLAT_RATE_SERVICE_UID } from './usps-packaging.data';
import { WEIGHT_PRICES } from './weight-prices.data';
import { atZone } from './zone-table';
import { zoneFor } from './zones';

export type RatingBasis = 'actual' | 'dimensional' | 'cubic' | 'flat_rate';

/** What a sandbox label for this parcel would cost us, and how that was worked out. */
export interface SandboxRate {
  serviceUid: string;
  packaging: SandboxPackaging;
  costCents: number;
  deliveryDays: number;
  /** USPS zone 1–9, or UPS/FedEx zone 2–8. */
  zone: number;
  /** The pounds the price was looked up at (whole pounds; for Cubic and Flat Rate the actual weight, rounded up). */
  billedWeightLb: number;
  basis: RatingBasis;
  /** Cubic only: the tier in cubic feet (0.1 … 0.5). */
  cubicTierFt3: number | null;
}

export interface SandboxRateUnavailable {
  unavailable: string;
}

export type SandboxRateResult = SandboxRate | SandboxRateUnavailable;

export const isUnavailable = (result: SandboxRateResult): result is SandboxRateUnavailable => 'unavailable' in result;

type Priced = Pick<SandboxRate, 'costCents' | 'billedWeightLb' | 'basis' | 'cubicTierFt3'>;

const serviceRefusal = (service: CatalogService, parcel: SandboxParcel): string | null => {
  if (service.lanes === 'international') return `${service.name} carries parcels abroad only; it has no US domestic service`;
  const measureProblem = parcelMeasureProblem(parcel);
  if (measureProblem) return measureProblem;
  if (parcel.weightLb > service.maxWeightLb) return `${service.name} takes parcels up to ${service.maxWeightLb} lb; this one weighs ${parcel.weightLb} lb`;
  return null;
};

const missingPrice = (service: CatalogService, zone: number): SandboxRateUnavailable => ({ unavailable: `${service.name} has no simulated price for zone ${zone}` });

const priceByWeight = (service: CatalogService, parcel: SandboxParcel, zone: number): Priced | SandboxRateUnavailable => {
  const prices = WEIGHT_PRICES[service.uid];
  const firstLb = prices && atZone(prices.firstLbCents, zone);
  const addedLb = prices && atZone(prices.addedLbCents, zone);
  if (firstLb === undefined || addedLb === undefined) return missingPrice(service, zone);
  const weight = billedWeight(service, parcel, parcel.weightLb);
  return { costCents: firstLb + addedLb * (weight.billedWeightLb - 1), billedWeightLb: weight.billedWeightLb, basis: weight.basis, cubicTierFt3: null };
};

const priceByCubicSize = (service: CatalogService, parcel: SandboxParcel, zone: number): Priced | SandboxRateUnavailable => {
  const tables = CUBIC_PRICES[service.uid];
  if (!tables) return { unavailable: `${service.name} has no Cubic pricing` };
  const tier = cubicTier(parcel, parcel.weightLb);
  if ('notEligible' in tier) return { unavailable: tier.notEligible };
  const table = tables[tier.tierTenths - 1];
  const costCents = table && atZone(table, zone);
  if (costCents === undefined) return missingPrice(service, zone);
  return { costCents, billedWeightLb: wholePoundsUp(parcel.weightLb), basis: 'cubic', cubicTierFt3: tier.tierTenths / 10 };
};

const priceByFlatRateBox = (service: CatalogService, parcel: SandboxParcel, packaging: SandboxPackaging): Priced | SandboxRateUnavailable => {
  const box = flatRateBoxOf(packaging);
  if (!box) return { unavailable: `No packaging "${packaging}"` };
  if (service.uid !== FLAT_RATE_SERVICE_UID) return { unavailable: `The ${box.name} is sold with USPS Priority Mail only` };
  if (!fitsFlatRateBox(box, parcel)) return { unavailable: `A parcel of ${sidesLongestFirst(parcel).join(' × ')} in does not fit inside the ${box.name}` };
  return { costCents: box.priceCents, billedWeightLb: wholePoundsUp(parcel.weightLb), basis: 'flat_rate', cubicTierFt3: null };
};

const priceFor = (service: CatalogService, parcel: SandboxParcel, zone: number, packaging: SandboxPackaging): Priced | SandboxRateUnavailable => {
  if (packaging === 'parcel') return priceByWeight(service, parcel, zone);
  if (packaging === 'cubic') return priceByCubicSize(service, parcel, zone);
  return priceByFlatRateBox(service, parcel, packaging);
};

/**
 * The simulated cost and delivery time of one catalog service for a US → US parcel, packed as `packaging` (the sender's
 * own box by default), or why the service cannot carry it. Pure: the same question always gets the same answer.
 */
export const sandboxRate = (serviceUid: string, parcel: SandboxParcel, packaging: SandboxPackaging = 'parcel'): SandboxRateResult => {
  const service = catalogServiceOf(serviceUid);
  if (!service) return { unavailable: `No shipping service "${serviceUid}" in the catalog` };
  const refusal = serviceRefusal(service, parcel);
  if (refusal) return { unavailable: refusal };
  const zoned = zoneFor(service.courier, parcel.fromZip, parcel.toZip);
  if ('unavailable' in zoned) return zoned;
  const days = SERVICE_SPEEDS[serviceUid] && atZone(SERVICE_SPEEDS[serviceUid].days, zoned.zone);
  if (days === undefined) return { unavailable: `${service.name} has no simulated delivery time for zone ${zoned.zone}` };
  const priced = priceFor(service, parcel, zoned.zone, packaging);
  if ('unavailable' in priced) return priced;
  return { serviceUid, packaging, deliveryDays: days, zone: zoned.zone, ...priced };
};
