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

/** The SKU the package was filled from, and the weight it put there (a weight typed since is the seller's own). */
export interface AppliedSku {
  sku: SkuRecord;
  weight: string;
}

/**
 * The weight after the quantity changes: the SKU's units × the new quantity (+ its packaging), while the package is
 * still that SKU's and its weight untouched since; null to leave the weight as it is (issue 49: a QTY 3 label printed
 * at one unit's 1.6 lb).
 */
export const weightForQuantity = (applied: AppliedSku | null, values: Pick<OrderFormValues, 'package_reference2' | 'package_weight'>, quantityText: string, maxWeightLb: number): string | null => {
  if (!applied || values.package_reference2 !== applied.sku.sku || values.package_weight !== applied.weight) return null;
  const quantity = Number(quantityText);
  if (quantityText.trim() === '' || !Number.isInteger(quantity) || quantity < 1) return null;
  return clampWeight(String(packageWeightLb(applied.sku, quantity)), maxWeightLb);
};

/** The Order Label form: contract validation, the chosen service's weight limit, and the pickers that fill it. */
export const useOrderForm = () => {
  const [maxWeightLb, setMaxWeightLb] = useState(DEFAULT_MAX_WEIGHT_LB);
  const [appliedSku, setAppliedSku] = useState<AppliedSku | null>(null);
  const sku = appliedSku?.sku;
  const schema = useMemo(() => orderFormSchema(maxWeightLb, sku ? { sku: sku.sku, maxQty: sku.maxQty } : null), [maxWeightLb, sku]);
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
  const fillFromSku = (picked: SkuRecord) => {
    const quantity = values.package_reference1.trim() === '' ? '1' : values.package_reference1;
    const weight = clampWeight(String(packageWeightLb(picked, Number(quantity))), maxWeightLb);
    setAppliedSku({ sku: picked, weight });
    return patchValues({
      package_length: String(picked.length),
      package_width: String(picked.width),
      package_height: String(picked.height),
      package_weight: weight,
      package_description: picked.description ?? '',
      package_reference2: picked.sku,
      package_reference1: quantity,
    });
  };

  /** A new quantity weighs the SKU's units again (the price follows the weight), unless the weight was typed since. */
  const setQuantity = (text: string) => {
    const weight = weightForQuantity(appliedSku, values, text, maxWeightLb);
    if (weight === null) return setValue('package_reference1', text);
    if (appliedSku) setAppliedSku({ ...appliedSku, weight });
    return patchValues({ package_reference1: text, package_weight: weight });
  };

  const startNext = () => {
    setAppliedSku(null);
    reset(afterSuccess(values));
  };

  return { ...form, maxWeightLb, chooseService, chooseRate, setWeight, fillParty, fillFromSku, setQuantity, startNext };
};

export type OrderFormApi = ReturnType<typeof useOrderForm>;
