import {
  DEFAULT_MAX_WEIGHT_LB,
  numberField,
  packageSchema,
  packagingIdSchema,
  placeOrderResponseSchema,
  receiverSchema,
  senderSchema,
  singleOrderSchema,
  withCountryAddressRules,
  withZipMatchingState,
  RECEIVER_ADDRESS_KEYS,
} from '@labeldesk/contracts';
import type { CreatedLabelResponse, PendingLabelResponse, SingleOrderInput } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '../../libs/http-client';

/**
 * The Order Label form, flat (one key per input) but built from the contract's own field schemas, so the
 * browser checks exactly what the server will. Three rules are the form's: the chosen service's maxWeight
 * (spec 5, default 70 lb), a quantity of at least 1, sent as `package_reference1`, and at most a saved SKU's Max Quantity
 * once the package was filled from it (issue 49). The parties' state ↔ ZIP
 * rule is the contract's too, added again because spreading `.shape` leaves object rules behind.
 */
/** The saved SKU the package was filled from: it ships at most `maxQty` to a package. */
export interface QuantityLimit {
  sku: string;
  maxQty: number;
}

const quantityField = (limit: QuantityLimit | null) => {
  const whole = numberField('Quantity').pipe(z.number().int({ error: 'Quantity must be a whole number' }).min(1, { error: 'Quantity must be at least 1' }));
  return limit ? whole.pipe(z.number().max(limit.maxQty, { error: `${limit.sku} ships at most ${limit.maxQty} to a package` })) : whole;
};

const orderFormFields = (maxWeightLb: number, quantityLimit: QuantityLimit | null) =>
  z.object({
    service_name: singleOrderSchema.shape.service_name,
    courier: singleOrderSchema.shape.courier,
    ...senderSchema.shape,
    ...receiverSchema.shape,
    package_length: packageSchema.shape.package_length,
    package_width: packageSchema.shape.package_width,
    package_height: packageSchema.shape.package_height,
    package_weight: packageSchema.shape.package_weight.pipe(
      z.number().max(maxWeightLb, { error: `Weight must be at most ${maxWeightLb} lb for this service` }),
    ),
    package_description: packageSchema.shape.package_description,
    package_reference1: quantityField(quantityLimit),
    package_reference2: packageSchema.shape.package_reference2,
    /** Set by a compared rate in USPS packaging (issue 45); empty: the sender's own box. */
    package_packaging: z.literal('').or(packagingIdSchema),
    label_format: singleOrderSchema.shape.label_format,
  });

export const orderFormSchema = (maxWeightLb: number = DEFAULT_MAX_WEIGHT_LB, quantityLimit: QuantityLimit | null = null) =>
  withCountryAddressRules(
    withZipMatchingState(orderFormFields(maxWeightLb, quantityLimit), 'sender_state_province', 'sender_zip_postal'),
    RECEIVER_ADDRESS_KEYS,
  );
export type OrderFormData = z.output<ReturnType<typeof orderFormSchema>>;

export type PartyPrefix = 'sender' | 'receiver';

/** Every input of the form, as text, empty to start with; the sender's country is the US, the receiver's any (decision 098). */
export const emptyOrderForm = {
  service_name: '',
  /** Whose service it is (issue 45): set with the service, from the chosen rate or the service's uid. */
  courier: 'usps',
  sender_name: '',
  sender_phone: '',
  sender_company: '',
  sender_address1: '',
  sender_address2: '',
  sender_city: '',
  sender_state_province: '',
  sender_zip_postal: '',
  sender_country: 'US',
  receiver_name: '',
  receiver_phone: '',
  receiver_company: '',
  receiver_address1: '',
  receiver_address2: '',
  receiver_city: '',
  receiver_state_province: '',
  receiver_zip_postal: '',
  receiver_country: 'US',
  /** Optional (decision 095): the receiver's tracking e-mails go here; never printed on the label. */
  receiver_email: '',
  package_length: '',
  package_width: '',
  package_height: '',
  package_weight: '',
  package_description: '',
  package_reference1: '1',
  package_reference2: '',
  /** The packaging of the chosen rate (issue 45): empty for the sender's own box. */
  package_packaging: '',
  label_format: 'pdf',
};
export type OrderFormValues = typeof emptyOrderForm;

/** The spec's single-order payload (section 3) from the checked form. */
export const toSingleOrderPayload = (data: OrderFormData, userId: string): SingleOrderInput => ({
  user_id: userId,
  service_name: data.service_name,
  manifested: false,
  courier: data.courier,
  sender: {
    sender_name: data.sender_name,
    sender_phone: data.sender_phone,
    sender_company: data.sender_company,
    sender_address1: data.sender_address1,
    sender_address2: data.sender_address2,
    sender_city: data.sender_city,
    sender_state_province: data.sender_state_province,
    sender_zip_postal: data.sender_zip_postal,
    sender_country: 'US',
  },
  receiver: {
    receiver_name: data.receiver_name,
    receiver_phone: data.receiver_phone,
    receiver_company: data.receiver_company,
    receiver_address1: data.receiver_address1,
    receiver_address2: data.receiver_address2,
    receiver_city: data.receiver_city,
    receiver_state_province: data.receiver_state_province,
    receiver_zip_postal: data.receiver_zip_postal,
    receiver_country: data.receiver_country,
    receiver_email: data.receiver_email,
  },
  package: {
    package_length: data.package_length,
    package_width: data.package_width,
    package_height: data.package_height,
    package_weight: data.package_weight,
    package_weight_unit: 'LB',
    package_description: data.package_description,
    package_reference1: String(data.package_reference1),
    package_reference2: data.package_reference2,
    ...(data.package_packaging ? { package_packaging: data.package_packaging } : {}),
  },
  label_format: data.label_format,
});

export type CreatedLabel = CreatedLabelResponse['data'];
/** HTTP 202: a service on the way did not answer in time; the order finishes (or is refunded) by itself. */
export type PendingLabel = PendingLabelResponse;
export type PlacedLabel = { kind: 'created'; label: CreatedLabel } | { kind: 'pending'; pending: PendingLabel };

export interface CreateOrderVariables {
  payload: SingleOrderInput;
  /** The same key for every retry of one submission: the server then charges and buys once. */
  idempotencyKey: string;
}

export const createOrder = ({ payload, idempotencyKey }: CreateOrderVariables): Promise<PlacedLabel> =>
  apiRequest('/api/orders/v2', {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: placeOrderResponseSchema,
  }).then((body): PlacedLabel => ('pdfName' in body.data ? { kind: 'created', label: body.data } : { kind: 'pending', pending: body as PendingLabel }));

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });

/**
 * Spec section 8: the server's message with the text after its first colon, first letter capitalised
 * ('PAYMENTS: insufficient balance' reads 'Insufficient balance'), else 'An Unknown Error Occurred'.
 */
export const orderErrorMessage = (error: unknown): string => {
  if (!isApiError(error) || !error.fromServer) return 'An Unknown Error Occurred';
  const colon = error.message.indexOf(':');
  const text = (colon >= 0 ? error.message.slice(colon + 1) : error.message).trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'An Unknown Error Occurred';
};
