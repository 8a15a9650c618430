import { DEFAULT_MAX_WEIGHT_LB, packageWeightLb } from '@labeldesk/contracts';
import type { AvailableService, Courier, Rate, SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import { useZodForm } from '../../../hooks/use-zod-form';
import { emptyOrderForm, orderFormSchema } from '../../../services/orders/create-order';
import type { OrderFormData, OrderFormValues, PartyPrefix } from '../../../services/orders/create-order';
import { rateChoice } from './rate-choice';

/** A weight above the service's maximum becomes the maximum (spec 5); anything else is kept as typed. */
export const clampWeight = (text: string, maxWeightLb: number): string => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > maxWeightLb ? String(maxWeightLb) : text;
};

/** Spec 5: the price is asked for with 1 lb while the weight is empty (or not a weight yet). */
export const pricingWeight = (text: string): number => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : 1;
};

const partyFromAddress = (prefix: PartyPrefix, address: SavedAddress): Partial<OrderFormValues> => ({
  [`${prefix}_name`]: address.name,
  [`${prefix}_phone`]: address.phone ?? '',
  [`${prefix}_company`]: address.company ?? '',
  [`${prefix}_address1`]: address.street,
  [`${prefix}_address2`]: address.street2 ?? '',
  [`${prefix}_city`]: address.city,
  [`${prefix}_state_province`]: address.state,
  [`${prefix}_zip_postal`]: address.zip,
  [`${prefix}_country`]: 'US',
});

/** What a new label after a successful one starts from: same service (and its courier), sender and label format, new recipient and parcel. */
const afterSuccess = (values: OrderFormValues): OrderFormValues => {
  const next = { ...emptyOrderForm };
  (Object.keys(values) as (keyof OrderFormValues)[]).forEach((key) => {
    if (key === 'service_name' || key === 'courier' || key === 'label_format' || key.startsWith('sender_')) next[key] = values[key];
  });
  return next;
};

/** The Order Label form: contract validation, the chosen service's weight limit, and the pickers that fill it. */
export const useOrderForm = () => {
  const [maxWeightLb, setMaxWeightLb] = useState(DEFAULT_MAX_WEIGHT_LB);
  const schema = useMemo(() => orderFormSchema(maxWeightLb), [maxWeightLb]);
  const form = useZodForm<OrderFormValues, OrderFormData>(schema, emptyOrderForm);
  const { values, setValue, patchValues, reset } = form;

  const chooseService = (name: string, services: readonly AvailableService[], courier: Courier = 'usps') => {
    const max = services.find((service) => service.name === name)?.maxWeight ?? DEFAULT_MAX_WEIGHT_LB;
    setMaxWeightLb(max);
    patchValues({ service_name: name, courier, package_weight: clampWeight(values.package_weight, max), package_packaging: '' });
  };

  /** Issue 45: a rate from the comparison is bought as its service under its courier, in its packaging. */
  const chooseRate = (rate: Rate, services: readonly AvailableService[]) => {
    const choice = rateChoice(rate);
    const max = services.find((service) => service.name === choice.service_name)?.maxWeight ?? DEFAULT_MAX_WEIGHT_LB;
    setMaxWeightLb(max);
    patchValues({ ...choice, package_weight: clampWeight(values.package_weight, max) });
  };

  const setWeight = (text: string) => setValue('package_weight', clampWeight(text, maxWeightLb));

  const fillParty = (prefix: PartyPrefix, address: SavedAddress) => patchValues(partyFromAddress(prefix, address));

  /** The package holds the typed quantity (1 when empty): quantity × weight per unit + packaging weight. */
  const fillFromSku = (sku: SkuRecord) => {
    const quantity = values.package_reference1.trim() === '' ? '1' : values.package_reference1;
    return patchValues({
      package_length: String(sku.length),
      package_width: String(sku.width),
      package_height: String(sku.height),
      package_weight: clampWeight(String(packageWeightLb(sku, Number(quantity))), maxWeightLb),
      package_description: sku.description ?? '',
      package_reference2: sku.sku,
      package_reference1: quantity,
    });
  };

  const startNext = () => reset(afterSuccess(values));

  return { ...form, maxWeightLb, chooseService, chooseRate, setWeight, fillParty, fillFromSku, startNext };
};

export type OrderFormApi = ReturnType<typeof useOrderForm>;
