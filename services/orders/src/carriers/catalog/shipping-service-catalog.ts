import type { Courier } from '@labeldesk/contracts';

/**
 * Every shipping service a label carrier may sell, by the uid pricing and orders know it under. A label carrier sells
 * a subset (the sandbox all, EasyPost those of its carrier accounts, the USPS APIs USPS mail); the same uid from two
 * label carriers is the same service, so a customer's prices apply whichever of them sells the label.
 */
export interface CatalogService {
  /** Stable id used by pricing and by orders, `<courier>_<service>`, e.g. `usps_priority`. */
  uid: string;
  courier: Courier;
  /** As shown to customers, e.g. `UPS Ground`. */
  name: string;
  /** The courier's published weight limit for the service. */
  maxWeightLb: number;
  /** Where it goes: US addresses only, or abroad only (DHL Express has no US domestic service). */
  lanes: 'domestic' | 'international';
  /**
   * The divisor of dimensional weight (L × W × H in inches ÷ divisor = billable pounds), or null when the courier
   * prices by actual weight alone for parcels this size (USPS up to 1 ft³; its cubic tiers are a packaging option).
   */
  dimDivisor: number | null;
}

const usps = (uid: string, name: string): CatalogService => ({ uid, courier: 'usps', name, maxWeightLb: 70, lanes: 'domestic', dimDivisor: 166 });
const ups = (uid: string, name: string): CatalogService => ({ uid, courier: 'ups', name, maxWeightLb: 150, lanes: 'domestic', dimDivisor: 139 });
const fedex = (uid: string, name: string): CatalogService => ({ uid, courier: 'fedex', name, maxWeightLb: 150, lanes: 'domestic', dimDivisor: 139 });

/** USPS's services abroad (decision 098); First-Class Package International stops at 4 lb, the others at 70 lb. */
const uspsAbroad = (uid: string, name: string, maxWeightLb: number): CatalogService => ({ uid, courier: 'usps', name, maxWeightLb, lanes: 'international', dimDivisor: null });
const dhlExpress = (uid: string, name: string): CatalogService => ({ uid, courier: 'dhl_express', name, maxWeightLb: 154, lanes: 'international', dimDivisor: 139 });
/** UPS's and FedEx's services abroad (decision 123): 150 lb a parcel, dimensional weight at 139 as at home. */
const upsAbroad = (uid: string, name: string): CatalogService => ({ ...ups(uid, name), lanes: 'international' });
const fedexAbroad = (uid: string, name: string): CatalogService => ({ ...fedex(uid, name), lanes: 'international' });

export const SHIPPING_SERVICE_CATALOG: readonly CatalogService[] = Object.freeze([
  usps('usps_priority', 'USPS Priority Mail'),
  usps('usps_priority_express', 'USPS Priority Mail Express'),
  usps('usps_ground_advantage', 'USPS Ground Advantage'),
  ups('ups_ground', 'UPS Ground'),
  ups('ups_3_day_select', 'UPS 3 Day Select'),
  ups('ups_2nd_day_air', 'UPS 2nd Day Air'),
  ups('ups_next_day_air', 'UPS Next Day Air'),
  fedex('fedex_ground', 'FedEx Ground'),
  fedex('fedex_express_saver', 'FedEx Express Saver'),
  fedex('fedex_2_day', 'FedEx 2Day'),
  fedex('fedex_standard_overnight', 'FedEx Standard Overnight'),
  dhlExpress('dhl_express_worldwide', 'DHL Express Worldwide'),
  uspsAbroad('usps_first_class_international', 'USPS First-Class Package International', 4),
  uspsAbroad('usps_priority_international', 'USPS Priority Mail International', 70),
  uspsAbroad('usps_priority_express_international', 'USPS Priority Mail Express International', 70),
  upsAbroad('ups_worldwide_saver', 'UPS Worldwide Saver'),
  upsAbroad('ups_worldwide_expedited', 'UPS Worldwide Expedited'),
  upsAbroad('ups_standard', 'UPS Standard'),
  fedexAbroad('fedex_international_priority', 'FedEx International Priority'),
  fedexAbroad('fedex_international_economy', 'FedEx International Economy'),
].map((service) => Object.freeze(service)));

export const catalogServiceOf = (uid: string): CatalogService | undefined => SHIPPING_SERVICE_CATALOG.find((service) => service.uid === uid);

/** The courier carrying a service's parcels: the part of its uid before the service (`ups` for `ups_ground`). */
export const courierOfService = (uid: string): Courier | undefined => catalogServiceOf(uid)?.courier;
