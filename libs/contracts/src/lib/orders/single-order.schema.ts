import { z } from 'zod';
import { anyCountryField, countryField, numberField, oneLine, optionalField, phoneField, postalCodeField, regionField, requiredField, stateField, zipField } from '../common/fields';
import { withCountryAddressRules } from '../address-rules/country-address.refine';
import { withZipMatchingState } from '../address-rules/zip-state.refine';
import { customsProblems, namesSkus, orderCustomsSchema, type Customs, type OrderCustoms } from './customs.schema';
import { DEFAULT_MAX_WEIGHT_LB } from '../pricing/pricing.schema';
import { courierSchema } from './couriers.schema';
import { extraServicesFields } from './extra-services.schema';
import { packagingIdSchema } from './packaging.schema';
import { receiverEmailField } from './tracking-emails.schema';

const partyFields = <P extends 'sender' | 'receiver'>(prefix: P, who: string) =>
  z.object({
    [`${prefix}_name`]: requiredField(`${who} name`),
    [`${prefix}_phone`]: phoneField(`${who} phone`),
    [`${prefix}_company`]: optionalField(`${who} company`),
    [`${prefix}_address1`]: requiredField(`${who} street`),
    [`${prefix}_address2`]: optionalField(`${who} street 2`),
    [`${prefix}_city`]: requiredField(`${who} city`, 60),
    [`${prefix}_state_province`]: stateField(`${who} state`),
    [`${prefix}_zip_postal`]: zipField(`${who} zip`),
    [`${prefix}_country`]: countryField(),
  }) as z.ZodObject<{
    [K in `${P}_name` | `${P}_address1` | `${P}_city` | `${P}_state_province` | `${P}_zip_postal`]: z.ZodType<string, unknown>;
  } & {
    [K in `${P}_phone` | `${P}_company` | `${P}_address2`]: z.ZodType<string | null, unknown>;
  } & { [K in `${P}_country`]: z.ZodType<'US', unknown> }>;

/** A party's fields, with the ZIP checked against the state (reported on the ZIP, before any money moves). */
const party = <P extends 'sender' | 'receiver'>(prefix: P, who: string) =>
  withZipMatchingState(partyFields(prefix, who), `${prefix}_state_province`, `${prefix}_zip_postal`);

export const senderSchema = party('sender', 'Sender');
/**
 * The receiver, in any country (issue 46, decision 098): the country's own rules for its province and postal code
 * (US state, ZIP and state ↔ ZIP at home), with an optional e-mail for the seller's tracking e-mails (decision 095):
 * kept with the order, shown to the seller, never printed on the label nor shown on the buyer's tracking page.
 */
export const receiverFields = z.object({
  receiver_name: requiredField('Recipient name'),
  receiver_phone: phoneField('Recipient phone'),
  receiver_company: optionalField('Recipient company'),
  receiver_address1: requiredField('Recipient street'),
  receiver_address2: optionalField('Recipient street 2'),
  receiver_city: requiredField('Recipient city', 60),
  receiver_state_province: regionField('Recipient state'),
  receiver_zip_postal: postalCodeField('Recipient zip'),
  receiver_country: anyCountryField('Recipient country'),
  receiver_email: receiverEmailField().optional(),
});

/** Where a receiver's address rules read their fields (for forms that spread the receiver's fields flat). */
export const RECEIVER_ADDRESS_KEYS = { country: 'receiver_country', state: 'receiver_state_province', zip: 'receiver_zip_postal', who: 'Recipient' } as const;

export const receiverSchema = withCountryAddressRules(receiverFields, RECEIVER_ADDRESS_KEYS);

const dimension = (label: string) =>
  numberField(label).pipe(z.number().gt(0, { error: `${label} must be greater than 0` }).max(108, { error: `${label} must be less than 108` }));

export const packageSchema = z.object({
  package_length: dimension('Length'),
  package_width: dimension('Width'),
  package_height: dimension('Height'),
  /** Capped by the chosen service's maxWeight on the server (pricing); 0 < weight. */
  package_weight: numberField('Weight').pipe(z.number().gt(0, { error: 'Weight must be greater than 0' }).max(150, { error: 'Weight must be less than 150' })),
  package_weight_unit: z.literal('LB', { error: 'Weight unit must be LB' }).default('LB'),
  package_description: optionalField('Description', 200),
  package_reference1: optionalField('Quantity', 50),
  package_reference2: optionalField('SKU', 64),
});

/** A single label's file: a 4x6 in PDF page, or ZPL II for a thermal printer (docs/decisions/047). */
export const SINGLE_LABEL_FORMATS = ['pdf', 'zpl'] as const;
export const singleLabelFormatSchema = z.enum(SINGLE_LABEL_FORMATS, { error: 'Label format must be pdf or zpl' });
export type SingleLabelFormat = z.infer<typeof singleLabelFormatSchema>;

/**
 * An order's courier by its id, in any case (`UPS`, `ups`). Empty (or absent) means the courier of the order's service
 * (decided where the service is priced: USPS for every service sold before there were others, as the spec's `courier
 * ('usps')` was); anything that is not text is refused rather than read as empty.
 */
export const courierField = z.preprocess(
  (v) => (v === null || v === undefined ? undefined : typeof v === 'string' ? oneLine(v).toLowerCase() || undefined : v),
  courierSchema.optional(),
);

/**
 * Adds the customs rules (decision 098) to an order object holding `receiver` and `customs`: customs present where
 * the receiver needs it, HS numbers to the EU, an ITN over $2,500 a Schedule B line; reported under `customs`. A
 * declaration naming SKUs is checked by orders once filled from them (decision 126), with the same rules and messages.
 */
export const withCustomsRules = <S extends z.ZodObject>(schema: S): S =>
  schema.superRefine(
    (order, ctx) => {
      const receiver = Reflect.get(order, 'receiver') as { receiver_country: string; receiver_state_province: string };
      const customs = Reflect.get(order, 'customs') as OrderCustoms | null | undefined;
      // Lines naming SKUs are whole only once orders has filled them from the SKUs: it checks these rules then.
      if (customs && namesSkus(customs)) return;
      for (const problem of customsProblems(customs as Customs | null | undefined, { country: receiver.receiver_country, state: receiver.receiver_state_province })) {
        ctx.addIssue({ code: 'custom', path: ['customs', ...problem.path], message: problem.message });
      }
    },
    // Only once the receiver and the declaration are each valid: their own messages come first.
    { when: (payload) => !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || ['receiver', 'customs'].includes(String(issue.path[0]))) },
  );

/** Spec: Single-order payload; `customs` (issue 46) on every label abroad. */
export const singleOrderSchema = withCustomsRules(
  z.object({
    user_id: z.string({ error: 'user_id must be text' }).optional(),
    service_name: z.preprocess((v) => (typeof v === 'string' ? oneLine(v) : v), z.string({ error: 'Please select a service' }).min(1, { error: 'Please select a service' }).max(80)),
    manifested: z.boolean().default(false),
    courier: courierField,
    sender: senderSchema,
    receiver: receiverSchema,
    /**
     * `package_packaging` (issue 45): the packaging to buy the label in, as a rate's `packaging.id` names it (USPS Cubic
     * or a Flat Rate envelope or box); absent: the sender's own box. A carrier that does not sell it refuses the label.
     */
    package: packageSchema.extend({ package_packaging: packagingIdSchema.optional() }),
    label_format: singleLabelFormatSchema.default('pdf'),
    /** Its items may name the caller's SKUs (`{sku, quantity}`), filled by orders from their customs defaults (decision 126). */
    customs: z.preprocess((value) => (value === null ? undefined : value), orderCustomsSchema.optional()),
    /** Insurance for a declared value and a signature at delivery (decision 102), priced with the label. */
    ...extraServicesFields,
  }),
);
export type SingleOrderInput = z.input<typeof singleOrderSchema>;
export type SingleOrder = z.output<typeof singleOrderSchema>;

/** POST /api/orders/v2, 200: the label was bought; price in cents. */
export const createdLabelResponseSchema = z.object({
  data: z.object({ pdfName: z.string(), orderId: z.string(), trackingNumber: z.string(), price: z.number().int() }),
});
export type CreatedLabelResponse = z.infer<typeof createdLabelResponseSchema>;

/** POST /api/orders/v2, 202: a service on the way did not answer in time; the order finishes (or is refunded) by itself. */
export const pendingLabelResponseSchema = z.object({ message: z.string(), data: z.object({ orderId: z.string().nullable(), status: z.literal('pending') }) });
export type PendingLabelResponse = z.infer<typeof pendingLabelResponseSchema>;

export const placeOrderResponseSchema = z.union([createdLabelResponseSchema, pendingLabelResponseSchema]);
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export { DEFAULT_MAX_WEIGHT_LB };
