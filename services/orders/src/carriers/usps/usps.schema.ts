import { z } from 'zod';

/**
 * The USPS v3 shapes this adapter sends and reads. Source: the USPS Labels OpenAPI 3.9.13 and Payments OpenAPI 3.1.20
 * (developers.usps.com, vendored in karrioapi/karrio `modules/connectors/usps/vendor/`), and the OAuth examples of
 * USPS/api-examples `README.md`. Only the fields we use are named; answers are read leniently (extra fields pass).
 */

export type UspsMailClass = 'PRIORITY_MAIL' | 'PRIORITY_MAIL_EXPRESS' | 'USPS_GROUND_ADVANTAGE';

/** The `Addressee`, street lines and city every USPS label address has. */
export interface UspsAddressLines {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city: string;
}

/** `DomesticLabelAddress` as we fill it: optional fields are left out, never sent as null. */
export interface UspsAddress extends UspsAddressLines {
  state: string;
  ZIPCode: string;
  ZIPPlus4?: string;
  phone?: string;
  email?: string;
}

/** `DomesticLabelSenderAddress`: the shipper a platform reports under `shipperVisibilityMethod: SENDER_INFORMATION`. */
export interface UspsSenderAddress extends UspsAddress {
  phone: string;
  email: string;
  platformUserId: string;
}

/** What both Labels APIs' package descriptions say of the parcel (single-piece, machinable, dropped at a Post Office). */
export interface UspsParcel {
  rateIndicator: 'SP';
  weightUOM: 'lb';
  weight: number;
  dimensionsUOM: 'in';
  length: number;
  width: number;
  height: number;
  processingCategory: 'MACHINABLE';
  destinationEntryFacilityType: 'NONE';
  /** RFC 3339 full-date, the mailing day in US Central time. */
  mailingDate: string;
}

/** `LabelRequest` with `DomesticPackageDescription` (single-piece rate indicator). */
export interface UspsLabelRequest {
  imageInfo: { imageType: 'PDF' | 'ZPL203DPI'; labelType: '4X6LABEL'; receiptOption: 'NONE'; suppressPostage: false; suppressMailDate: false };
  toAddress: UspsAddress;
  fromAddress: UspsAddress;
  senderAddress?: UspsSenderAddress;
  packageDescription: UspsParcel & {
    mailClass: UspsMailClass;
    customerReference?: Array<{ referenceNumber: string; printReferenceNumber: boolean }>;
    shipperVisibilityMethod?: 'SENDER_INFORMATION';
  };
}

const pricedItem = z.looseObject({ name: z.string().optional(), SKU: z.string().optional(), price: z.number().nonnegative().optional() });

/** `LabelVendorResponse`: the answer to `Accept: application/vnd.usps.labels+json`. */
export const labelResponseSchema = z.looseObject({
  trackingNumber: z.string().regex(/^[0-9A-Z]{10,34}$/),
  labelImage: z.string().min(1),
  postage: z.number().nonnegative(),
  extraServices: z.array(pricedItem).optional(),
  fees: z.array(pricedItem).optional(),
  SKU: z.string().optional(),
  routingInformation: z.string().optional(),
  zone: z.string().optional(),
});
export type UspsLabelResponse = z.infer<typeof labelResponseSchema>;

/** `CancelResponse`. */
export const cancelResponseSchema = z.looseObject({
  trackingNumber: z.string().optional(),
  status: z.enum(['CANCELED', 'DISPUTED']),
  disputeId: z.union([z.string(), z.number()]).transform(String).optional(),
});

/** `ErrorMessage`, every v3 API's error shape. */
export const errorResponseSchema = z.looseObject({
  apiVersion: z.string().optional(),
  error: z.looseObject({
    code: z.union([z.string(), z.number()]).transform(String).optional(),
    message: z.string().optional(),
    errors: z
      .array(
        z.looseObject({
          status: z.union([z.string(), z.number()]).transform(String).optional(),
          code: z.union([z.string(), z.number()]).transform(String).optional(),
          title: z.string().optional(),
          detail: z.string().optional(),
          source: z.looseObject({ parameter: z.string().optional() }).optional(),
        }),
      )
      .optional(),
  }),
});

/** The OAuth endpoint answers errors the OAuth 2 way. */
export const oauthErrorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });

/** OAuth token answer: `expires_in` is seconds, a number or (USPS README) a numeric string. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]),
});

/** `Parties` as answered by `POST /payments/v3/payment-authorization`. */
export const paymentAuthorizationSchema = z.looseObject({ paymentAuthorizationToken: z.string().min(1) });

/**
 * One `trackingEvents` entry of `GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL` (Tracking OpenAPI 3.2.6):
 * `eventTimestamp` is the local time of the scan, `GMTTimestamp` the same instant in UTC.
 */
export const trackingEventSchema = z.looseObject({
  eventType: z.string().nullish(),
  eventTimestamp: z.string().nullish(),
  GMTTimestamp: z.string().nullish(),
  GMTOffset: z.string().nullish(),
  eventCode: z.string().nullish(),
  eventCity: z.string().nullish(),
  eventState: z.string().nullish(),
  eventZIP: z.string().nullish(),
  eventCountry: z.string().nullish(),
});
export type UspsTrackingEvent = z.infer<typeof trackingEventSchema>;

/** The tracking answer; events newest first, as USPS lists them. */
export const trackingResponseSchema = z.looseObject({
  trackingNumber: z.string(),
  status: z.string().nullish(),
  statusCategory: z.string().nullish(),
  statusSummary: z.string().nullish(),
  trackingEvents: z.array(trackingEventSchema).default([]),
});
export type UspsTrackingResponse = z.infer<typeof trackingResponseSchema>;
