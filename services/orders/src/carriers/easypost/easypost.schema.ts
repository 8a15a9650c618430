import { z } from 'zod';
import type { LabelFormat } from '../carrier.port';

/**
 * The parts of EasyPost's answers the adapter reads, as recorded in EasyPost/easypost-node's cassettes (MIT; see
 * libs/testing/src/lib/fake-easypost/recorded/README.md). Unknown keys are dropped: EasyPost adds fields often, and only these decide anything here.
 * Money is a decimal string (`"5.93"` for rates, `"5.93000"` for fees) and is never turned into a float.
 */

const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal amount');

export const easyPostRateSchema = z.object({
  id: z.string().startsWith('rate_'),
  carrier: z.string(),
  service: z.string(),
  rate: decimalString,
  /** What the same postage costs at the counter (`"9.80"` against `"5.93"` in the recorded buy); null for some carriers. */
  retail_rate: decimalString.nullish().catch(null),
  currency: z.string().optional(),
  carrier_account_id: z.string().nullish(),
  /** Null for USPS in every recording; UPS gives both (`2`, `"2024-09-18T23:00:00Z"`, easypost-java claim cassette). */
  // An odd value never makes the whole shipment unreadable: it reads as no estimate.
  delivery_days: z.number().int().nonnegative().nullish().catch(null),
  delivery_date: z.string().nullish().catch(null),
});
export type EasyPostRate = z.infer<typeof easyPostRateSchema>;

export const easyPostFeeSchema = z.object({
  type: z.string(),
  amount: decimalString,
  charged: z.boolean(),
  refunded: z.boolean(),
});
export type EasyPostFee = z.infer<typeof easyPostFeeSchema>;

export const easyPostPostageLabelSchema = z.object({
  label_url: z.string().nullable(),
  label_pdf_url: z.string().nullish(),
  /** Set when the shipment was created with `label_format: 'ZPL'`. */
  label_zpl_url: z.string().nullish(),
  label_file_type: z.string().nullish(),
  label_size: z.string().nullish(),
});

/** `rejected` may be retried ("refunds created very shortly after a label is generated may be flagged invalid"). */
export const EASYPOST_REFUND_STATUSES = ['submitted', 'refunded', 'rejected', 'not_applicable'] as const;
export type EasyPostRefundStatus = (typeof EASYPOST_REFUND_STATUSES)[number];

/**
 * A Form of a shipment (recorded: easypost-node `generates-a-form-for-a-shipment` cassette, `{object:"Form",
 * form_type, form_url, submitted_electronically}`); an international buy answers the carrier's customs forms here
 * (`commercial_invoice`, `cn22`…). A form without a file (`form_url` null, sent electronically) has nothing to print.
 */
export const easyPostFormSchema = z.object({
  id: z.string().optional(),
  form_type: z.string(),
  form_url: z.string().nullish(),
  submitted_electronically: z.boolean().nullish(),
});
export type EasyPostForm = z.infer<typeof easyPostFormSchema>;

/** A carrier's reason for not rating, e.g. `{carrier:"USPS", type:"rate_error", message:"…"}`. */
const easyPostMessageSchema = z.object({ carrier: z.string().nullish(), type: z.string().nullish(), message: z.string() });

export const easyPostShipmentSchema = z.object({
  id: z.string().startsWith('shp_'),
  reference: z.string().nullish(),
  tracking_code: z.string().nullish(),
  rates: z.array(easyPostRateSchema).default([]),
  selected_rate: easyPostRateSchema.nullish(),
  postage_label: easyPostPostageLabelSchema.nullish(),
  tracker: z.object({ id: z.string().startsWith('trk_') }).nullish(),
  fees: z.array(easyPostFeeSchema).default([]),
  refund_status: z.enum(EASYPOST_REFUND_STATUSES).nullish(),
  messages: z.array(easyPostMessageSchema).default([]),
  /** The customs forms the carrier made for an international label (commercial invoice, CN22…), after the buy. */
  forms: z.array(easyPostFormSchema).default([]),
});
export type EasyPostShipment = z.infer<typeof easyPostShipmentSchema>;

/** One CarrierAccount of `GET /v2/carrier_accounts` (a bare list, easypost-java carrier_account/all.json cassette). */
export const easyPostCarrierAccountSchema = z.object({ id: z.string().startsWith('ca_'), type: z.string() });
export type EasyPostCarrierAccount = z.infer<typeof easyPostCarrierAccountSchema>;

/** A Shipment answer, or null when it is not one. */
export const readEasyPostShipment = (body: unknown): EasyPostShipment | null => {
  const parsed = easyPostShipmentSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
};

/** One element of `POST /v2/refunds`' answer (an array). */
export const easyPostRefundSchema = z.object({
  id: z.string().startsWith('rfnd_'),
  tracking_code: z.string(),
  status: z.enum(EASYPOST_REFUND_STATUSES),
  /** `USPS` as recorded; a UPS or FedEx label's refund names its carrier. */
  carrier: z.string().nullish(),
  shipment_id: z.string().nullish(),
});
export type EasyPostRefund = z.infer<typeof easyPostRefundSchema>;

/** What we send to `POST /v2/shipments` (weight in ounces). */
export interface EasyPostAddressInput {
  name: string;
  company?: string;
  phone?: string;
  street1: string;
  street2?: string;
  city: string;
  /** A US state, or a province where the country uses them (CA, AU, MX…); left out where it has none. */
  state?: string;
  /** The ZIP code, or the postal code abroad; left out where the country has none. */
  zip?: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

/** One line of `customs_info.customs_items`: value in dollars and weight in ounces, both for the whole line. */
export interface EasyPostCustomsItemInput {
  description: string;
  quantity: number;
  value: number;
  weight: number;
  /** Left out where the declaration has none (only the EU requires one on every item). */
  hs_tariff_number?: string;
  origin_country: string;
}

/** `customs_info` as the recorded create sent it. */
export interface EasyPostCustomsInfoInput {
  contents_type: string;
  contents_explanation?: string;
  restriction_type: 'none';
  non_delivery_option: 'return' | 'abandon';
  customs_certify: true;
  customs_signer: string;
  eel_pfc: string;
  customs_items: EasyPostCustomsItemInput[];
}

export interface EasyPostCreateShipmentRequest {
  shipment: {
    from_address: EasyPostAddressInput;
    to_address: EasyPostAddressInput;
    /** Dimensions of the sender's own box, or a USPS `predefined_package` (a Flat Rate box or envelope) and the weight. */
    parcel: { length: number; width: number; height: number; weight: number } | { predefined_package: string; weight: number };
    options: {
      label_format: LabelFormat;
      label_size: '4x6';
      print_custom_1?: string;
      print_custom_2?: string;
      incoterm?: 'DDU' | 'DDP';
      delivery_confirmation?: 'SIGNATURE' | 'ADULT_SIGNATURE';
    };
    /** Abroad (and to US territories and military addresses where the carrier asks): the customs declaration. */
    customs_info?: EasyPostCustomsInfoInput;
    reference?: string;
    /** The carrier accounts to rate with (`ca_…` ids); every account of the API key when left out. */
    carrier_accounts?: string[];
    /** A return label: the outbound shipment's addresses, which EasyPost swaps for the label (decision 101). */
    is_return?: true;
  };
}

/** `tracking_location` of a tracking detail: every part may be null (a "Pre-Shipment Info Sent" event has none). */
export const easyPostTrackingLocationSchema = z.object({
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
});

/** One `tracking_details` entry (oldest first in EasyPost's answers). */
export const easyPostTrackingDetailSchema = z.object({
  message: z.string().nullish(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  datetime: z.string(),
  source: z.string().nullish(),
  tracking_location: easyPostTrackingLocationSchema.nullish(),
});
export type EasyPostTrackingDetail = z.infer<typeof easyPostTrackingDetailSchema>;

/**
 * A Tracker (`GET /v2/trackers/:id`, the `result` of a `tracker.updated` event). `status` is kept a string here: a
 * value EasyPost adds later reads as `unknown` instead of failing the whole answer.
 */
export const easyPostTrackerSchema = z.object({
  id: z.string().startsWith('trk_'),
  object: z.literal('Tracker').optional(),
  tracking_code: z.string(),
  status: z.string().nullish(),
  tracking_details: z.array(easyPostTrackingDetailSchema).default([]),
});
export type EasyPostTracker = z.infer<typeof easyPostTrackerSchema>;

/** A webhook Event (`{id:"evt_…", object:"Event", description, result}`); only `tracker.updated` is read. */
export const easyPostTrackerUpdatedSchema = z.object({
  id: z.string().startsWith('evt_'),
  description: z.literal('tracker.updated'),
  result: easyPostTrackerSchema.extend({ object: z.literal('Tracker') }),
});
