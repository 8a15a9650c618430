import { COURIER_NAMES } from '@labeldesk/contracts';
import type { CarrierShippingService } from '../carrier.port';
import { type CatalogService, SHIPPING_SERVICE_CATALOG } from '../catalog/shipping-service-catalog';
import { SANDBOX_INTERNATIONAL_SERVICES } from './abroad/international-services';

/** A USPS service the sandbox prints IMpb labels for, with what its label needs (formats.md §1.3 and §2.1). */
export interface SandboxService extends CarrierShippingService {
  /** 3-digit IMpb Service Type Code (formats.md §1.3). */
  serviceTypeCode: string;
  /** False when formats.md could not tie the STC to the service in a USPS text (kept as a documented placeholder). */
  serviceTypeCodeVerified: boolean;
  /** Service banner across the label, uppercase (formats.md §2.1). */
  bannerText: string;
  /** Letter in the 1-inch service icon square (P, E, G; formats.md §2.1). */
  iconLetter: string;
}

/** A UPS or FedEx service the sandbox simulates, with what its label and tracking number need. */
export interface SandboxCourierService extends CarrierShippingService {
  courier: 'ups' | 'fedex';
  /** Courier and service across the label, uppercase, e.g. `UPS 2ND DAY AIR`. */
  bannerText: string;
  /**
   * The service mark in the label's top-right square: UPS prints the air services' day (1, 2, 3) there and a solid
   * black square for Ground; '' asks for the square.
   */
  mark: string;
  /**
   * UPS only: the 2-digit service code inside a 1Z number (jkeen/tracking_number, lib/ups.rb: 01 Next Day Air, 02
   * Second Day Air, 03 Ground, 12 Third Day Select).
   */
  upsServiceCode: string | null;
}

/** The sandbox's USPS services. Pricing reads them through `listShippingServices()`; the uids are stable. */
export const SANDBOX_SERVICES: readonly SandboxService[] = Object.freeze([
  {
    uid: 'usps_priority',
    name: 'USPS Priority Mail',
    category: 'USPS',
    maxWeightLb: 70,
    // Verified: USPS sample "Priority Mail 9205 5…", Endicia "Priority Mail Label with STC of 055".
    serviceTypeCode: '055',
    serviceTypeCodeVerified: true,
    bannerText: 'USPS PRIORITY MAIL',
    iconLetter: 'P',
  },
  {
    uid: 'usps_priority_express',
    name: 'USPS Priority Mail Express',
    category: 'USPS',
    maxWeightLb: 70,
    // Secondary sources: USPS sample "Priority Mail Express 9270 1…" (= 92 + 701).
    serviceTypeCode: '701',
    serviceTypeCodeVerified: false,
    bannerText: 'PRIORITY MAIL EXPRESS',
    iconLetter: 'E',
  },
  {
    uid: 'usps_ground_advantage',
    name: 'USPS Ground Advantage',
    category: 'USPS',
    maxWeightLb: 70,
    // PLACEHOLDER (formats.md §1.3 / §6 item 1): the Ground Advantage STCs are in the PostalPro STC list, which
    // was not readable. 001 ("USPS Tracking", the former First-Class Package STC) is what PC-postage Ground
    // Advantage labels commonly still carry. Replace from the current PostalPro list before any real use.
    serviceTypeCode: '001',
    serviceTypeCodeVerified: false,
    bannerText: 'USPS GROUND ADVANTAGE',
    iconLetter: 'G',
  },
].map((service) => Object.freeze(service)));

/** Per UPS/FedEx catalog uid: the label's mark and, for UPS, the tracking number's service code. */
const COURIER_LABEL_MARKS: Readonly<Record<string, { mark: string; upsServiceCode: string | null }>> = {
  ups_ground: { mark: '', upsServiceCode: '03' },
  ups_3_day_select: { mark: '3', upsServiceCode: '12' },
  ups_2nd_day_air: { mark: '2', upsServiceCode: '02' },
  ups_next_day_air: { mark: '1', upsServiceCode: '01' },
  // FedEx prints the service's name, not a code, in its number: the mark is the sandbox's own (G, then the days).
  fedex_ground: { mark: 'G', upsServiceCode: null },
  fedex_express_saver: { mark: '3', upsServiceCode: null },
  fedex_2_day: { mark: '2', upsServiceCode: null },
  fedex_standard_overnight: { mark: '1', upsServiceCode: null },
};

const courierServiceOf = (service: CatalogService): SandboxCourierService | null => {
  const marks = COURIER_LABEL_MARKS[service.uid];
  if (!marks || (service.courier !== 'ups' && service.courier !== 'fedex')) return null;
  const { uid, name, maxWeightLb, courier } = service;
  return Object.freeze({ uid, name, category: COURIER_NAMES[courier], maxWeightLb, courier, bannerText: name.toUpperCase(), ...marks });
};

/** The sandbox's UPS and FedEx services: every domestic one of the catalog, in its order. */
export const SANDBOX_COURIER_SERVICES: readonly SandboxCourierService[] = Object.freeze(
  SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'domestic').flatMap((service) => courierServiceOf(service) ?? []),
);

/** Everything the sandbox sells, USPS first, each in the catalog's order, then its services abroad (decision 098). */
export const SANDBOX_SHIPPING_SERVICES: readonly CarrierShippingService[] = Object.freeze([...SANDBOX_SERVICES, ...SANDBOX_COURIER_SERVICES, ...SANDBOX_INTERNATIONAL_SERVICES]);

/** A USPS service of the sandbox (IMpb label), or undefined. */
export function findSandboxService(uid: string): SandboxService | undefined {
  return SANDBOX_SERVICES.find((service) => service.uid === uid);
}

/** A UPS or FedEx service of the sandbox, or undefined. */
export const findSandboxCourierService = (uid: string): SandboxCourierService | undefined => SANDBOX_COURIER_SERVICES.find((service) => service.uid === uid);
