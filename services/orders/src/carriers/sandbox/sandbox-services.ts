import type { CarrierShippingService } from '../carrier.port';

/** A service the sandbox carrier offers, with what its label needs (formats.md §1.3 and §2.1). */
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

/** The sandbox's raw services. Pricing reads them through `listShippingServices()`; the uids are stable. */
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

export function findSandboxService(uid: string): SandboxService | undefined {
  return SANDBOX_SERVICES.find((service) => service.uid === uid);
}

/** Per shipping service: the first pound and each pound after it, in cents (a simulated postage cost, for the margin views). */
const SIMULATED_POSTAGE: Readonly<Record<string, { firstLb: number; perLb: number }>> = {
  usps_priority: { firstLb: 700, perLb: 30 },
  usps_priority_express: { firstLb: 2_300, perLb: 60 },
  usps_ground_advantage: { firstLb: 480, perLb: 20 },
};

/**
 * What a sandbox label "cost" us: the sandbox sells samples, but it records a cost shaped like USPS's commercial
 * prices, so that margins, reports and the cost column behave in the embedded mode as they will with real postage.
 * It stays under the sandbox's suggested prices at every weight (suggested-prices.ts), so a fresh install shows the
 * small positive margin a reseller expects rather than a loss.
 */
export function simulatedPostageCents(uid: string, weightLb: number): number {
  const postage = SIMULATED_POSTAGE[uid];
  if (!postage) return 0;
  return postage.firstLb + postage.perLb * Math.max(0, Math.ceil(weightLb) - 1);
}
