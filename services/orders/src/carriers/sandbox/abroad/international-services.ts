import { COURIER_NAMES } from '@labeldesk/contracts';
import type { CarrierShippingService } from '../../carrier.port';
import { catalogServiceOf } from '../../catalog/shipping-service-catalog';

/**
 * The services the sandbox sells abroad (decision 098): USPS's three with S10 item numbers and postal customs forms
 * (CN22 / CP72), DHL Express with its 10-digit waybill and a commercial invoice. Prices and days: international-rates.
 */
export interface SandboxInternationalService extends CarrierShippingService {
  courier: 'usps' | 'dhl_express';
  /** Across the label, uppercase. */
  bannerText: string;
  /** The S10 service indicator of a USPS item number (UPU S10: E for EMS, C for parcels, L for small packets). */
  s10Prefix: string | null;
  /** The most the contents may be worth (First-Class Package International: $400); null for no limit. */
  maxValueCents: number | null;
  /** Which customs paper goes with it: the postal CN22/CP72, or a courier's commercial invoice. */
  paperwork: 'postal' | 'commercial_invoice';
}

const service = (uid: string, fields: Omit<SandboxInternationalService, 'uid' | 'name' | 'category' | 'maxWeightLb'>): SandboxInternationalService => {
  const entry = catalogServiceOf(uid);
  if (!entry || entry.lanes !== 'international') throw new Error(`${uid} is no international service of the catalog`);
  return Object.freeze({ uid, name: entry.name, category: COURIER_NAMES[entry.courier], maxWeightLb: entry.maxWeightLb, ...fields });
};

export const SANDBOX_INTERNATIONAL_SERVICES: readonly SandboxInternationalService[] = Object.freeze([
  service('usps_first_class_international', { courier: 'usps', bannerText: 'FIRST-CLASS PKG INTL', s10Prefix: 'LZ', maxValueCents: 40_000, paperwork: 'postal' }),
  service('usps_priority_international', { courier: 'usps', bannerText: 'PRIORITY MAIL INTL', s10Prefix: 'CP', maxValueCents: null, paperwork: 'postal' }),
  service('usps_priority_express_international', { courier: 'usps', bannerText: 'PRIORITY MAIL EXPRESS INTL', s10Prefix: 'EA', maxValueCents: null, paperwork: 'postal' }),
  service('dhl_express_worldwide', { courier: 'dhl_express', bannerText: 'DHL EXPRESS WORLDWIDE', s10Prefix: null, maxValueCents: null, paperwork: 'commercial_invoice' }),
]);

export const findSandboxInternationalService = (uid: string): SandboxInternationalService | undefined => SANDBOX_INTERNATIONAL_SERVICES.find((s) => s.uid === uid);
