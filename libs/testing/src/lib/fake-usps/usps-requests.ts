import type { SpecError } from '../openapi/openapi-validator';
import { uspsSpecs } from './usps-specs';

/**
 * What the fake reads of the request bodies it takes. The server checks every body against the published spec before
 * a route sees it (`LabelRequest`, `Parties`, `SCANFormRequest`), so these types only name the fields the fake uses;
 * the spec, not these types, decides what is valid.
 */

export interface FakeLabelAddress {
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  state?: string;
  ZIPCode?: string;
  ZIPPlus4?: string | null;
  urbanization?: string;
  firstName?: string;
  lastName?: string;
  firm?: string;
  phone?: string;
  email?: string;
  ignoreBadAddress?: boolean;
  parcelLockerDelivery?: boolean;
  platformUserId?: string;
}

/** `DomesticLabelAddress`: the spec requires these four. */
export type FakeLabelFullAddress = FakeLabelAddress & { streetAddress: string; city: string; state: string; ZIPCode: string };

/** `LabelRequest` (Labels 3.9.13). */
export interface FakeLabelRequest {
  imageInfo?: { imageType?: string; labelType?: string };
  toAddress: FakeLabelAddress;
  fromAddress: FakeLabelFullAddress;
  senderAddress?: FakeLabelFullAddress;
  returnAddress?: FakeLabelFullAddress;
  packageDescription: {
    mailClass: string;
    processingCategory: string;
    destinationEntryFacilityType: string;
    destinationEntryFacilityAddress?: FakeLabelAddress;
    weight: number;
    length: number;
    width: number;
    height: number;
    /** `YYYY-MM-DD` or an RFC 3339 date-time. */
    mailingDate: string;
    rateIndicator?: string;
    shipperVisibilityMethod?: string;
    extraServices?: number[];
  };
  customsForm?: unknown;
}

/** One `Role` of `Parties` (Payments 3.1.20). */
export interface FakeRole {
  roleName?: string;
  CRID?: string;
  MID?: string;
  manifestMID?: string;
  accountType?: string;
  accountNumber?: string;
  permitNumber?: string;
  permitZIP?: string;
}

export interface FakeParties {
  roles: FakeRole[];
}

/** `SCANFormRequest` (SCAN Forms 3.1.14): one of the three shipment kinds. */
export interface FakeScanFormRequest {
  imageInfo?: { imageType?: string; labelType?: string };
  form?: string;
  imageType?: string;
  labelType?: string;
  mailingDate: string;
  overwriteMailingDate?: boolean;
  entryFacilityZIPCode: string;
  destinationEntryFacilityType: string;
  shipment: { trackingNumbers: string[] } | { MID: string } | { manifestMID: string };
  fromAddress: FakeLabelFullAddress;
}

export interface LabelRequestIssue {
  path: string[];
  message: string;
}

/**
 * `LabelRequest` of the published Labels 3.9.13 spec, with the `safeParse` the zod schema it replaces had: callers
 * that checked a request against the fake's hand-written copy now check it against USPS's own spec.
 *
 * @deprecated Use `uspsSpecs().checkSchema('/labels/v3', 'LabelRequest', body)` or `checkRequest`, which also checks
 * the headers.
 */
export const labelRequestSchema = {
  safeParse(value: unknown): { success: true; data: FakeLabelRequest; error?: undefined } | { success: false; error: { issues: LabelRequestIssue[] } } {
    const errors: SpecError[] = uspsSpecs().checkSchema('/labels/v3', 'LabelRequest', value);
    if (errors.length === 0) return { success: true, data: value as FakeLabelRequest };
    return { success: false, error: { issues: errors.map((error) => ({ path: error.at === '' ? [] : error.at.split('.'), message: error.message })) } };
  },
};
