import { SHIPPING_SERVICE_CATALOG } from '../../catalog/shipping-service-catalog';
import { CUBIC_MAX_SIDE_IN, CUBIC_MAX_WEIGHT_LB } from './cubic-tier';
import { CUBIC_PRICES, FLAT_RATE_BOXES, FLAT_RATE_MAX_WEIGHT_LB, FLAT_RATE_SERVICE_UID, type FlatRateBox } from './usps-packaging.data';

/** How a parcel is packed and so priced: the sender's own box (by weight), the same box by cubic size, or a USPS Flat Rate box. */
export type SandboxPackaging = 'parcel' | 'cubic' | FlatRateBox['id'];

export interface PackagingChoice {
  id: SandboxPackaging;
  name: string;
  /** The catalog services that price this packaging. */
  serviceUids: readonly string[];
  /** What it takes, in a sentence a seller reads. */
  rule: string;
  /** Flat Rate boxes only: inner sizes in inches, longest first, one per shape. */
  innerSizesIn?: FlatRateBox['innerSizesIn'];
}

const domesticUids = SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'domestic').map((service) => service.uid);

const flatRateChoice = (box: FlatRateBox): PackagingChoice => ({
  id: box.id,
  name: box.name,
  serviceUids: [FLAT_RATE_SERVICE_UID],
  rule: `One price to any zone, up to ${FLAT_RATE_MAX_WEIGHT_LB} lb, for what fits inside`,
  innerSizesIn: box.innerSizesIn,
});

/** Every packaging the sandbox prices, for a picker or a "cheapest box" search. */
export const SANDBOX_PACKAGING: readonly PackagingChoice[] = Object.freeze([
  { id: 'parcel', name: 'Your packaging', serviceUids: domesticUids, rule: 'Priced by weight, or by dimensional weight when the box is large for its weight' },
  {
    id: 'cubic',
    name: 'Cubic (your packaging, priced by size)',
    serviceUids: Object.keys(CUBIC_PRICES),
    rule: `Priced by cubic size up to 0.5 ft³, up to ${CUBIC_MAX_WEIGHT_LB} lb and ${CUBIC_MAX_SIDE_IN} in on any side`,
  },
  ...FLAT_RATE_BOXES.map(flatRateChoice),
] satisfies PackagingChoice[]);

/** The packaging a service prices, "Your packaging" first. */
export const packagingChoicesFor = (serviceUid: string): PackagingChoice[] =>
  SANDBOX_PACKAGING.filter((choice) => choice.serviceUids.includes(serviceUid));

export const flatRateBoxOf = (packaging: SandboxPackaging): FlatRateBox | undefined => FLAT_RATE_BOXES.find((box) => box.id === packaging);
